import 'reflect-metadata';

import { getMetadataStorage, IsInt, IsString, MaxLength, validateSync } from 'class-validator';

import { cacheValidationMetadataLookups } from './metadata-lookup-cache';

class Party {
  @IsString()
  name!: string;
}

class Insured extends Party {
  @IsInt({ groups: ['strict'] })
  age!: number;
}

function problemsOf(object: object, groups?: string[]): string[] {
  return validateSync(object, { groups })
    .map((error) => error.property)
    .sort();
}

function insured(values: Record<string, unknown>): Insured {
  return Object.assign(new Insured(), values);
}

const CASES: Array<[string, Insured, string[] | undefined]> = [
  ['both wrong', insured({ name: 7, age: 'old' }), undefined],
  ['both wrong, strict group', insured({ name: 7, age: 'old' }), ['strict']],
  ['a group without rules', insured({ name: 'Ada', age: 'old' }), ['other']],
  ['right', insured({ name: 'Ada', age: 40 }), undefined],
];

describe('cacheValidationMetadataLookups', () => {
  // What class-validator answers without the cache, taken before it is installed.
  const uncached = CASES.map(([, object, groups]) => problemsOf(object, groups));

  beforeAll(() => {
    cacheValidationMetadataLookups();
    cacheValidationMetadataLookups(); // a second install changes nothing
  });

  it('applies inherited and grouped rules as class-validator does without it', () => {
    // Without groups every rule applies; with one, only its rules; with none matching, class-
    // validator refuses the object as unknown.
    expect(uncached).toEqual([['age', 'name'], ['age'], [undefined], []]);
    for (let round = 0; round < 3; round += 1) {
      expect(CASES.map(([, object, groups]) => problemsOf(object, groups))).toEqual(uncached);
    }
  });

  it('sees a rule registered after the class was validated', () => {
    const long = insured({ name: 'x'.repeat(20), age: 40 });
    expect(problemsOf(long)).toEqual([]);
    MaxLength(10)(Insured.prototype, 'name');
    expect(problemsOf(long)).toEqual(['name']);
  });

  it('gives every caller a list of its own', () => {
    const storage = getMetadataStorage();
    const first = storage.getTargetValidationMetadatas(Insured, '', false, false);
    const count = first.length;
    first.pop();
    expect(storage.getTargetValidationMetadatas(Insured, '', false, false)).toHaveLength(count);
  });
});
