import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, validate, ValidationError } from 'class-validator';

import { DocketException } from '../errors/docket.exception';
import { leanValidated } from '../validation/lean-validation';

type Constructor<T> = new () => T;

export interface FieldProblem {
  field: string;
  problems: string[];
}

/** Flattens nested class-validator errors into `a.b[0].c: problem` entries. */
export function describeValidationErrors(errors: ValidationError[], path = ''): FieldProblem[] {
  return errors.flatMap((error) => {
    const field = path ? `${path}.${error.property}` : error.property;
    const own = error.constraints ? [{ field, problems: Object.values(error.constraints) }] : [];
    return [...own, ...describeValidationErrors(error.children ?? [], field)];
  });
}

export function validationException(errors: ValidationError[]): DocketException {
  const fields = describeValidationErrors(errors);
  const summary = fields.map((f) => `${f.field}: ${f.problems.join(', ')}`).join('; ');
  return DocketException.invalid(`Invalid request: ${summary}`, { fields });
}

/** Validates an untrusted plain object into an instance; unknown properties are refused. */
export async function validateInto<T extends object>(
  type: Constructor<T>,
  plain: unknown,
): Promise<T> {
  if (typeof plain !== 'object' || plain === null || Array.isArray(plain)) {
    throw DocketException.invalid('Invalid request: expected a JSON object');
  }
  if (emptyIsValid.get(type) && isEmpty(plain)) return new type();
  const lean = leanValidated(type, plain);
  if (lean) return lean;
  const instance = await validateWithClassValidator(type, plain);
  if (!emptyIsValid.has(type) && isEmpty(plain)) {
    emptyIsValid.set(type, Object.keys(instance).length === 0 && hasNoRules(type));
  }
  return instance;
}

/**
 * class-transformer + class-validator with the options every service validates with; what
 * `leanValidated` answers for the valid case, and what its test compares it with.
 */
export async function validateWithClassValidator<T extends object>(
  type: Constructor<T>,
  plain: object,
): Promise<T> {
  const instance = plainToInstance(type, plain, { enableImplicitConversion: false });
  const errors = await validate(instance, {
    whitelist: true,
    forbidNonWhitelisted: true,
    // Contracts without properties (list-everything requests) have no metadata to match.
    forbidUnknownValues: false,
  });
  if (errors.length > 0) throw validationException(errors);
  return instance;
}

/**
 * Requests without properties (list-everything contracts) arrive as `{}` on hot paths. For a
 * class without validation rules, whose full validation of `{}` once gave an instance with no
 * own properties, every later `{}` would give the same: it is built directly. Anything else,
 * and the first `{}`, take the full path (class-validator 1.9 % of a service's busy time on
 * such a read, docs/benchmarks.md).
 */
const emptyIsValid = new WeakMap<Constructor<object>, boolean>();

function hasNoRules(type: Constructor<object>): boolean {
  return getMetadataStorage().getTargetValidationMetadatas(type, '', true, false).length === 0;
}

function isEmpty(plain: object): boolean {
  for (const key in plain) if (Object.prototype.hasOwnProperty.call(plain, key)) return false;
  return Object.getOwnPropertyNames(plain).length === 0;
}
