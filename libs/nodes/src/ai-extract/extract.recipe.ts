import type { ExtractConfig, LayoutMemoryRecord } from '@docket/contracts';
import {
  DocumentPages,
  extractDocumentFields,
  extractItemFields,
  FieldSchema,
  validateFields,
  ValidationConfig,
  ValidationResult,
} from '@docket/document-intelligence';

/**
 * The ai.extract recipe, the same for a run and for the builder's preview: the layouts the
 * project's reviewers taught are read first, then each document's fields and the item-level
 * fields across documents are extracted, and all are validated by the field rules.
 */
export function extractWithConfig(
  documents: readonly DocumentPages[],
  config: ExtractConfig,
  layoutMemories: readonly LayoutMemoryRecord[],
): ValidationResult {
  // The node's configuration is the engine's schema; flows' node-config rules checked its shape.
  const schema = { fields: config.fields } as unknown as FieldSchema;
  const validation = {
    crossFieldRules: config.crossFieldRules,
    defaultConfidenceThreshold: config.defaultConfidenceThreshold,
  } as ValidationConfig;
  const extracted = [
    ...documents.flatMap((document) => extractDocumentFields(document, schema, { layoutMemories })),
    ...extractItemFields(documents, schema),
  ];
  return validateFields(extracted, schema, validation);
}
