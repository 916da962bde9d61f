import type { DocumentLayout } from '../layout.types';
import { SeededRandom } from '../seeded-random';
import { DOCUMENT_TYPES } from '../synthetic-document.types';
import { drawFamily, type FamilySpec } from './family-grammar';
import { familyLayout } from './family-layout.builder';

/** Each family's grammar choices come from (seed, type, index) alone, so runs are comparable. */
export function generateFamilySpecs(perType: number, seed: number): FamilySpec[] {
  return DOCUMENT_TYPES.flatMap((type, typeIndex) =>
    Array.from({ length: perType }, (_, index) =>
      drawFamily(
        type,
        index,
        new SeededRandom(seed * 1_000_003 + typeIndex * 7_919 + index * 104_729),
      ),
    ),
  );
}

export function generateFamilies(perType: number, seed: number): DocumentLayout[] {
  return generateFamilySpecs(perType, seed).map(familyLayout);
}
