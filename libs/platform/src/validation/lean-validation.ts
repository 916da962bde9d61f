import { TransformationType } from 'class-transformer';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage';
import {
  getMetadataStorage,
  ValidationArguments,
  ValidationTypes,
  ValidatorConstraintInterface,
} from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';

import { validationRulesVersion } from './metadata-lookup-cache';

type Constructor<T> = new () => T;

/** One rule of a property: class-validator's own constraint, called as class-validator calls it. */
interface Check {
  metadata: ValidationMetadata;
  validators: ValidatorConstraintInterface[];
}

interface PropertyPlan {
  name: string;
  conditions: Array<(object: object, value: unknown) => boolean>;
  checks: Check[];
}

interface ClassPlan {
  version: number;
  /** Null when the class uses something only the full path does (nesting, `each`, async...). */
  properties: PropertyPlan[] | null;
  allowed: Set<string>;
}

const plans = new WeakMap<Constructor<object>, ClassPlan>();

/**
 * The valid case of class-transformer + class-validator, without their per-call machinery: for
 * a flat request whose values are all primitives, the instance `plainToInstance` would build
 * (a new instance with the values assigned) when every rule class-validator would run on it
 * (whitelist, forbidNonWhitelisted) passes; otherwise undefined, and the caller takes the full
 * path, which also words the errors. Nothing here states a rule: the plan is read from
 * class-validator's metadata (the same lookup its executor makes) and every check calls the
 * same constraint with the same arguments, so a request is never accepted that class-validator
 * would refuse (test: lean-validation.spec.ts compares both over every contract). Rejections
 * and anything unusual (a nested or array value, a rule on each element, an async rule, a
 * class-transformer decorator, an accessor) always go the full way.
 *
 * Why: class-validator spends most of a valid request's validation building error objects and
 * promises it then throws away (about 40 µs of the gateway's CPU per `POST /files` and 28 µs of
 * the files service's, docs/benchmarks.md). Needs cacheValidationMetadataLookups (installed by
 * the bootstraps), whose version tells when rules were registered since a plan was made.
 */
export function leanValidated<T extends object>(
  type: Constructor<T>,
  plain: object,
): T | undefined {
  const plan = planOf(type);
  if (!plan?.properties) return undefined;
  // A plain object's keys are all its own: nothing is inherited but Object.prototype's.
  if (Object.getPrototypeOf(plain) !== Object.prototype) return undefined;
  const instance = new type();
  const fields = instance as Record<string, unknown>;
  for (const [key, value] of Object.entries(plain)) {
    if (!plan.allowed.has(key) || !isFlat(value)) return undefined;
    fields[key] = value;
  }
  // class-validator's whitelist looks at the instance: field initialisers count too.
  for (const key of Object.keys(fields)) if (!plan.allowed.has(key)) return undefined;
  for (const property of plan.properties) {
    if (!passes(property, fields, type)) return undefined;
  }
  return instance;
}

/** What plainToInstance passes through as it is; objects and arrays it would transform. */
function isFlat(value: unknown): boolean {
  return value === null || (typeof value !== 'object' && typeof value !== 'function');
}

function passes(
  property: PropertyPlan,
  object: Record<string, unknown>,
  type: Constructor<object>,
): boolean {
  const value = object[property.name];
  let applies = true;
  // Every condition is evaluated, as class-validator does (map, then reduce).
  for (const condition of property.conditions) applies = condition(object, value) && applies;
  if (!applies) return true;
  for (const { metadata, validators } of property.checks) {
    if (metadata.validateIf && !metadata.validateIf(object, value)) continue;
    const args: ValidationArguments = {
      targetName: type.name,
      property: metadata.propertyName,
      object,
      value,
      constraints: metadata.constraints,
    };
    for (const validator of validators) {
      const valid = validator.validate(value, args) as unknown;
      // A promise is an async rule, which only the full path awaits.
      if (!valid || typeof (valid as { then?: unknown }).then === 'function') return false;
    }
  }
  return true;
}

function planOf(type: Constructor<object>): ClassPlan | undefined {
  const version = validationRulesVersion();
  if (version === undefined) return undefined;
  let plan = plans.get(type);
  if (!plan || plan.version !== version) {
    plan = buildPlan(type, version);
    plans.set(type, plan);
  }
  return plan;
}

function buildPlan(type: Constructor<object>, version: number): ClassPlan {
  const storage = getMetadataStorage();
  // The lookup class-validator's executor makes for validate(instance) without groups.
  const rules = storage.getTargetValidationMetadatas(
    type,
    undefined as unknown as string,
    false,
    false,
    undefined,
  );
  const grouped = storage.groupByPropertyName(rules);
  const allowed = new Set(Object.keys(grouped).filter((name) => grouped[name].length > 0));
  const unsupported: ClassPlan = { version, properties: null, allowed };
  if (rules.length === 0 || !transformsAsAssignment(type, allowed)) return unsupported;
  const properties: PropertyPlan[] = [];
  for (const [name, metadatas] of Object.entries(grouped)) {
    const property: PropertyPlan = { name, conditions: [], checks: [] };
    for (const metadata of metadatas) {
      if (metadata.type === ValidationTypes.WHITELIST) continue;
      if (metadata.type === ValidationTypes.CONDITIONAL_VALIDATION) {
        property.conditions.push(metadata.constraints[0] as PropertyPlan['conditions'][number]);
        continue;
      }
      const custom =
        metadata.type === ValidationTypes.CUSTOM_VALIDATION ||
        metadata.type === ValidationTypes.IS_DEFINED;
      if (!custom || metadata.each) return unsupported;
      const constraints = storage.getTargetValidatorConstraints(metadata.constraintCls);
      if (constraints.some((constraint) => constraint.async)) return unsupported;
      // The default container hands out one instance per constraint class, as it does to
      // class-validator's executor; taken once here instead of looked up on every call.
      property.checks.push({ metadata, validators: constraints.map((c) => c.instance) });
    }
    properties.push(property);
  }
  return { version, properties, allowed };
}

/**
 * Whether plainToInstance of a primitive-valued object is `new type()` plus assignment: no
 * class-transformer decorator on the class or its properties, and no accessor or method by a
 * property's name (class-transformer skips those, assignment would not).
 */
function transformsAsAssignment(type: Constructor<object>, properties: Set<string>): boolean {
  const storage = defaultMetadataStorage;
  if (storage.getStrategy(type) !== 'none') return false;
  if (storage.getExposedMetadatas(type).length > 0) return false;
  if (storage.getExcludedMetadatas(type).length > 0) return false;
  const sample = new type() as Record<string, unknown>;
  for (const name of properties) {
    if (storage.findTypeMetadata(type, name)) return false;
    if (storage.findTransformMetadatas(type, name, TransformationType.PLAIN_TO_CLASS).length > 0) {
      return false;
    }
    if (typeof sample[name] === 'function') return false;
    for (let proto = type.prototype; proto && proto !== Object.prototype;) {
      if (Object.getOwnPropertyDescriptor(proto, name)) return false;
      proto = Object.getPrototypeOf(proto) as object;
    }
  }
  return true;
}
