import { Type } from 'class-transformer';
import { IsInt, IsString, ValidateNested } from 'class-validator';

import { DocketException } from '../errors/docket.exception';
import { validateInto } from './validate-request';

class Inner {
  @IsInt() count!: number;
}

class Outer {
  @IsString() name!: string;
  @ValidateNested() @Type(() => Inner) inner!: Inner;
}

describe('validateInto', () => {
  it('returns an instance for a valid object', async () => {
    const value = await validateInto(Outer, { name: 'a', inner: { count: 2 } });
    expect(value).toBeInstanceOf(Outer);
    expect(value.inner).toBeInstanceOf(Inner);
  });

  it('refuses unknown properties and names nested fields', async () => {
    await expect(
      validateInto(Outer, { name: 'a', inner: { count: 'x' }, extra: 1 }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      details: {
        fields: expect.arrayContaining([
          { field: 'extra', problems: ['property extra should not exist'] },
          expect.objectContaining({ field: 'inner.count' }),
        ]),
      },
    });
  });

  it.each([null, 'text', [1, 2]])('refuses a non-object %p', async (value) => {
    await expect(validateInto(Outer, value)).rejects.toBeInstanceOf(DocketException);
  });
});

class NoRules {}

class NoRulesWithDefault {
  limit = 20;
}

describe('validateInto, requests without properties', () => {
  it('builds the instance of an empty request, the first time and after', async () => {
    for (let n = 0; n < 3; n++) {
      const value = await validateInto(NoRules, {});
      expect(value).toBeInstanceOf(NoRules);
      expect(Object.keys(value)).toEqual([]);
    }
  });

  it('still refuses any property, also once empty requests were seen', async () => {
    await validateInto(NoRules, {});
    await expect(validateInto(NoRules, { extra: 1 })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Invalid request: extra: property extra should not exist',
    });
  });

  it('gives a class whose own fields fail the full validation the same refusal every time', async () => {
    for (let n = 0; n < 2; n++) {
      await expect(validateInto(NoRulesWithDefault, {})).rejects.toMatchObject({
        message: 'Invalid request: limit: property limit should not exist',
      });
    }
  });

  it('keeps validating an empty request of a class with rules', async () => {
    for (let n = 0; n < 2; n++) {
      await expect(validateInto(Outer, {})).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });
});
