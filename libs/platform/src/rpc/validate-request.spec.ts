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
