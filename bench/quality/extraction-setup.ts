import type { FieldSchema, LinkerRanking, ValidationConfig } from '@docket/document-intelligence';

import { REFERENCE_LISTS, SCHEMAS, validationConfig } from './insurance-node.config';
import { plainSchema } from './plain-schema';
import type { DocumentType } from './synthetic-document.types';

/** The configuration the engine is scored with. */
export interface ExtractionSetup {
  readonly name: 'plain' | 'expert';
  schema(type: DocumentType): FieldSchema;
  validation(type: DocumentType): ValidationConfig;
  readonly referenceLists: Readonly<Record<string, readonly string[]>>;
  /** How the extractor ranks readings (`--linker rules`: the rules alone, for comparison). */
  readonly linker?: LinkerRanking;
}

/** The default: key, type and one plain label per field, no rules (see plain-schema.ts). */
export const PLAIN_SETUP: ExtractionSetup = {
  name: 'plain',
  schema: (type) => plainSchema(SCHEMAS[type]),
  validation: () => ({ crossFieldRules: [], defaultConfidenceThreshold: 0.7 }),
  referenceLists: {},
};

/** Synonyms, patterns and cross-field rules written with the development layouts. */
export const EXPERT_SETUP: ExtractionSetup = {
  name: 'expert',
  schema: (type) => SCHEMAS[type],
  validation: validationConfig,
  referenceLists: REFERENCE_LISTS,
};
