import type { LayoutMemoryRecord } from '@docket/contracts';
import {
  DocumentPages,
  extractDocumentFields,
  ExtractedField,
  extractItemFields,
  extractWithProvider,
  FieldDefinition,
  FieldSchema,
  LayoutMemory,
  LinkerRanking,
  validateFields,
  ValidationConfig,
  ValidationContext,
  ValidationResult,
} from '@docket/document-intelligence';

import type { HostedEngine } from '../hosted/hosted-engine';
import type { ExtractConfig } from './extract.node';

/**
 * The ai.extract recipe, the same for a run and for the builder's preview: the layouts the
 * project's reviewers taught are read first, then each document's fields and the item-level
 * fields across documents are extracted, and all are validated by the field rules. With a
 * hosted model, it reads each document's fields that rules and memory left empty ("fallback")
 * or all of them ("primary"); every value it gives is grounded in the text layer or flagged.
 */
export async function extractWithConfig(
  documents: readonly DocumentPages[],
  config: ExtractConfig,
  layoutMemories: readonly LayoutMemoryRecord[],
  hosted?: HostedEngine,
): Promise<ValidationResult> {
  return extractFields(documents, {
    schema: { fields: config.fields },
    validation: {
      crossFieldRules: config.crossFieldRules,
      defaultConfidenceThreshold: config.defaultConfidenceThreshold,
    },
    layoutMemories,
    hosted,
  });
}

/** What the recipe reads documents with, in the engine's terms. */
export interface ExtractSettings {
  readonly schema: FieldSchema;
  readonly validation: ValidationConfig;
  readonly layoutMemories: readonly LayoutMemory[];
  /** Named lists for `lookup` rules; nodes have none yet, the benchmark's expert setup has. */
  readonly referenceLists?: ValidationContext['referenceLists'];
  readonly hosted?: HostedEngine;
  /** How readings are ranked; the engine's default (the learned linker) unless a benchmark compares. */
  readonly linker?: LinkerRanking;
}

/** The recipe over an engine schema: what extractWithConfig runs, and what benchmarks score. */
export async function extractFields(
  documents: readonly DocumentPages[],
  settings: ExtractSettings,
): Promise<ValidationResult> {
  const perDocument: ExtractedField[] = [];
  for (const document of documents) {
    perDocument.push(...(await documentFields(document, settings)));
  }
  const { schema } = settings;
  const extracted = [...perDocument, ...extractItemFields(documents, schema)];
  return validateFields(extracted, schema, settings.validation, {
    referenceLists: settings.referenceLists,
  });
}

async function documentFields(
  document: DocumentPages,
  { schema, layoutMemories, hosted, linker }: ExtractSettings,
): Promise<ExtractedField[]> {
  const documentLevel = schema.fields.filter((field) => field.scope !== 'item');
  if (hosted?.mode === 'primary') {
    return read(hosted, document, documentLevel);
  }
  const local = extractDocumentFields(document, schema, { layoutMemories, linker });
  const left = new Set(local.filter((field) => field.value === null).map((field) => field.key));
  if (!hosted || left.size === 0) return local;
  const filled = new Map(
    (
      await read(
        hosted,
        document,
        documentLevel.filter((field) => left.has(field.key)),
      )
    )
      .filter((field) => field.value !== null)
      .map((field) => [field.key, field]),
  );
  return local.map((field) => filled.get(field.key) ?? field);
}

function read(
  hosted: HostedEngine,
  document: DocumentPages,
  fields: readonly FieldDefinition[],
): Promise<ExtractedField[]> {
  if (fields.length === 0) return Promise.resolve([]);
  return extractWithProvider(
    hosted.provider,
    document,
    { fields },
    {
      signal: hosted.signal,
    },
  );
}
