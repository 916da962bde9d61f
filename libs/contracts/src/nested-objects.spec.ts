import 'reflect-metadata';

import { getMetadataStorage } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';

import * as contracts from '../src';

/*
 * ValidateNested on a single object lets an array through (it validates each element of it, and
 * an empty array has none), so `{"graph": []}` reached the service and failed there with a 500.
 * Every nested property that is not an array must also say @IsObject(); this test walks every
 * validated class the library defines.
 */
describe('nested request objects', () => {
  it('refuse arrays: every single nested property is also @IsObject()', () => {
    // Loading the library registers its classes' metadata.
    expect(Object.keys(contracts).length).toBeGreaterThan(0);
    const byTarget = (
      getMetadataStorage() as unknown as {
        validationMetadatas: Map<abstract new (...args: never[]) => unknown, ValidationMetadata[]>;
      }
    ).validationMetadatas;
    const missing: string[] = [];
    let nested = 0;
    for (const [target, metadatas] of byTarget) {
      for (const meta of metadatas.filter((m) => m.type === 'nestedValidation')) {
        const designType = Reflect.getMetadata('design:type', target.prototype, meta.propertyName);
        if (designType === Array || meta.each) continue;
        nested += 1;
        const isObject = metadatas.some(
          (m) => m.propertyName === meta.propertyName && m.name === 'isObject',
        );
        if (!isObject) missing.push(`${target.name}.${meta.propertyName}`);
      }
    }
    expect(nested).toBeGreaterThan(5);
    expect(missing).toEqual([]);
  });
});
