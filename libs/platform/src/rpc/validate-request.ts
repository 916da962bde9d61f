import { plainToInstance } from 'class-transformer';
import { validate, ValidationError } from 'class-validator';

import { DocketException } from '../errors/docket.exception';

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
