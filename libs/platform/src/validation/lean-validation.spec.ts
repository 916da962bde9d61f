import 'reflect-metadata';

import { Transform, Type } from 'class-transformer';
import {
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Max,
  registerDecorator,
  ValidateIf,
  ValidateNested,
} from 'class-validator';

import { leanValidated } from './lean-validation';
import { cacheValidationMetadataLookups } from './metadata-lookup-cache';

class Claim {
  @IsString()
  @Length(1, 8)
  reference!: string;

  @IsOptional()
  @IsInt()
  @Max(10)
  parties?: number;

  @ValidateIf((claim: Claim) => claim.parties !== undefined)
  @IsString()
  adjuster?: string;
}

class WithInitialiser {
  @IsString()
  name!: string;

  source = 'api';
}

class WithAccessor {
  @IsString()
  get name(): string {
    return 'fixed';
  }
}

class WithDetails {
  @IsObject()
  details!: object;
}

class Nested {
  @ValidateNested()
  @Type(() => Claim)
  claim!: Claim;
}

class Transformed {
  @Transform(({ value }: { value: string }) => value.trim())
  @IsString()
  name!: string;
}

class Tagged {
  @IsString({ each: true })
  tag!: string;
}

function IsEventuallyTrue(): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isEventuallyTrue',
      target: target.constructor,
      propertyName: propertyName as string,
      async: true,
      validator: { validate: (value: unknown) => Promise.resolve(value === true) },
    });
}

class Eventually {
  @IsEventuallyTrue()
  ready!: boolean;
}

describe('leanValidated', () => {
  beforeAll(() => cacheValidationMetadataLookups());

  it('builds the instance of a request that passes every rule', () => {
    const claim = leanValidated(Claim, { reference: 'CL-1', parties: 2, adjuster: 'Ada' });
    expect(claim).toBeInstanceOf(Claim);
    expect(claim).toMatchObject({ reference: 'CL-1', parties: 2, adjuster: 'Ada' });
    // IsOptional lets null and absence through; ValidateIf skips adjuster without parties.
    const noParties = { reference: 'CL-1', parties: null, adjuster: 'Ada' };
    expect(leanValidated(Claim, noParties)).toBeInstanceOf(Claim);
    expect(leanValidated(Claim, { reference: 'CL-1', adjuster: 7 })).toBeInstanceOf(Claim);
  });

  it.each([
    ['a rule fails', { reference: 'CL-1', parties: 11 }],
    ['a conditional rule applies and fails', { reference: 'CL-1', parties: 1, adjuster: 7 }],
    ['a required property is missing', { parties: 1 }],
    ['an unknown property', { reference: 'CL-1', note: 'x' }],
    ['a nested value', { reference: { text: 'CL-1' } }],
    ['an array value', { reference: ['CL-1'] }],
    ['an inherited key', Object.create({ reference: 'CL-1' }) as object],
  ])('leaves it to the full path when %s', (_case, plain) => {
    expect(leanValidated(Claim, plain)).toBeUndefined();
  });

  it.each([
    ['a field initialiser without rules', WithInitialiser, { name: 'x' }],
    ['an accessor', WithAccessor, { name: 'x' }],
    ['a nested class', Nested, {}],
    // class-transformer copies an object value; the lean path never hands one through.
    ['an object value its rule accepts', WithDetails, { details: { a: 1 } }],
    ['a class-transformer decorator', Transformed, { name: 'x' }],
    ['a rule on each element', Tagged, { tag: 'x' }],
    ['an async rule', Eventually, { ready: true }],
  ])('leaves a class with %s to the full path', (_case, type: new () => object, plain) => {
    expect(leanValidated(type, plain)).toBeUndefined();
  });

  it('follows a rule registered after the class was first validated', () => {
    class Late {
      @IsString()
      code!: string;
    }
    expect(leanValidated(Late, { code: 'abcdef' })).toBeInstanceOf(Late);
    Length(1, 3)(Late.prototype, 'code');
    expect(leanValidated(Late, { code: 'abcdef' })).toBeUndefined();
    expect(leanValidated(Late, { code: 'abc' })).toBeInstanceOf(Late);
  });
});
