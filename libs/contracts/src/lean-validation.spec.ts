import 'reflect-metadata';

import { randomUUID } from 'node:crypto';

import {
  cacheValidationMetadataLookups,
  leanValidated,
  validateWithClassValidator,
} from '@docket/platform';
import { getMetadataStorage } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import fc from 'fast-check';

import * as contracts from '../src';

type Target = new () => object;

/*
 * leanValidated may answer only what class-validator answers: for every class with rules that
 * loading the contracts registers (their requests and events, a mapped type and the platform's
 * config classes), random flat requests built around each property's own rules (bounds, allowed values,
 * near misses, nulls, unknown keys) are validated both ways, and whatever the lean path accepts
 * the full path (validateWithClassValidator, the services' own) must accept too, as the
 * same instance.
 */
describe('leanValidated against class-validator, over every contract', () => {
  beforeAll(() => cacheValidationMetadataLookups());

  const byTarget = (
    getMetadataStorage() as unknown as { validationMetadatas: Map<Target, ValidationMetadata[]> }
  ).validationMetadatas;

  /** The services' own full path (the gateway's pipe adds only forbidUnknownValues). */
  async function fullPath(target: Target, plain: object): Promise<object | undefined> {
    return validateWithClassValidator(target, plain).catch(() => undefined);
  }

  it('never accepts what the full path refuses, and builds the same instance', async () => {
    expect(Object.keys(contracts).length).toBeGreaterThan(0);
    const targets = [...byTarget.keys()].filter((target) => typeof target === 'function');
    expect(targets.length).toBeGreaterThan(50);
    let leanAccepted = 0;
    let fullAccepted = 0;
    for (const target of targets) {
      const metadatas = rulesOf(target);
      const request = requestArbitrary(metadatas);
      await fc.assert(
        fc.asyncProperty(request, async (plain) => {
          const lean = leanValidated(target, plain);
          const full = await fullPath(target, { ...plain });
          if (full) fullAccepted += 1;
          if (!lean) return;
          leanAccepted += 1;
          expect(full).toBeDefined();
          expect(Object.getPrototypeOf(lean)).toBe(target.prototype);
          expect({ ...lean }).toEqual({ ...full });
        }),
        { numRuns: 150, seed: 20261126 },
      );
    }
    // The comparison means something only if the lean path answers often.
    expect(fullAccepted).toBeGreaterThan(500);
    expect(leanAccepted).toBeGreaterThan(fullAccepted / 4);
  });

  it('takes the lean path for a valid upload request and refuses a bad one to the full path', () => {
    const valid = { filename: 'claim.pdf', workspaceId: randomUUID(), category: 'fnol' };
    const lean = leanValidated(contracts.CreateFileRequest, valid);
    expect(lean).toBeInstanceOf(contracts.CreateFileRequest);
    expect({ ...lean }).toEqual(valid);
    for (const bad of [
      { ...valid, filename: '../claim.pdf' },
      { ...valid, workspaceId: 'not-a-uuid' },
      { ...valid, category: '' },
      { ...valid, extra: 1 },
      { ...valid, category: 7 },
    ]) {
      expect(leanValidated(contracts.CreateFileRequest, bad)).toBeUndefined();
    }
  });
});

function rulesOf(target: Target): ValidationMetadata[] {
  return getMetadataStorage().getTargetValidationMetadatas(
    target,
    undefined as unknown as string,
    false,
    false,
    undefined,
  );
}

/** Values near each property's rules, valid and not, and a few that no rule expects. */
function requestArbitrary(metadatas: ValidationMetadata[]): fc.Arbitrary<Record<string, unknown>> {
  const names = [...new Set(metadatas.map((m) => m.propertyName))];
  const fields: Record<string, fc.Arbitrary<unknown>> = {};
  for (const name of names) {
    const values = metadatas
      .filter((m) => m.propertyName === name)
      .flatMap((m) => candidatesFor(m.name ?? '', m.constraints ?? []));
    fields[name] = fc.constantFrom(...values, ...GENERIC);
  }
  // An unknown key in one request of ten, so most are about the declared properties.
  return fc
    .tuple(fc.record(fields, { requiredKeys: [] }), fc.nat(9))
    .map(([plain, dice]) => (dice === 0 ? { ...plain, unexpected: 'x' } : plain));
}

const GENERIC: unknown[] = [null, '', 'x', 0, 1, true, false, 'a\u0000b', '😀😀', ' '];

function candidatesFor(rule: string, constraints: unknown[]): unknown[] {
  const [first, second] = constraints;
  const around = (n: unknown) => (typeof n === 'number' ? [n - 1, n, n + 1] : []);
  const ofLength = (n: unknown) =>
    typeof n === 'number' && n >= 0 && n < 5000 ? ['a'.repeat(n), 'b'.repeat(n + 1)] : [];
  switch (rule) {
    case 'isUuid':
      return [randomUUID(), randomUUID().toUpperCase(), '00000000-0000-1000-8000-000000000000'];
    case 'isLength':
      return [...ofLength(first), ...ofLength(second), ...ofLength((first as number) - 1)];
    case 'maxLength':
    case 'minLength':
      return ofLength(first);
    case 'isIn':
      return [...((first as unknown[]) ?? []), 'not-one-of-them'];
    case 'isEnum':
      return [...Object.values((first as object) ?? {}), 'NOT_IN_ENUM'];
    case 'min':
    case 'max':
      return around(first);
    case 'isInt':
    case 'isNumber':
    case 'isPositive':
      return [2, -3, 1.5, 10_000];
    case 'matches':
      return ['claim.pdf', 'a/b.pdf', 'a..pdf', 'no-extension', 'x'.repeat(10)];
    case 'isDateString':
    case 'isISO8601':
      return ['2026-11-26T10:00:00Z', '2026-11-26', 'yesterday'];
    case 'isEmail':
      return ['reviewer@example.com', 'not-an-email'];
    case 'isUrl':
      return ['https://example.com/hook', 'ftp://example.com', 'not a url'];
    default:
      return [];
  }
}
