// Text layer
export * from './text-layer/box-geometry';
export type { PositionedWord, TextLine, TextSegment } from './text-layer/line-grouper';
export { groupLines, splitSegments } from './text-layer/line-grouper';
export type {
  DocumentPages,
  TextLayerSource,
  TextPage,
  TextWord,
} from './text-layer/text-layer.types';
export { normaliseText } from './text-layer/text-normaliser';

// Layout
export { type AnalysedPage, analysePages } from './layout/analysed-page';
export { detectKeyValuePairs } from './layout/key-value-pair.detector';
export type * from './layout/layout.types';
export { analyseDocument, analysePage, analysePageLines } from './layout/page-layout.analyser';
export { readingOrder } from './layout/reading-order';
export { detectTables } from './layout/table.detector';

// Errors
export {
  DocumentIntelligenceException,
  DocumentIntelligenceExceptionCode,
} from './common/document-intelligence.exception';

// Classification
export type * from './classification/classification.types';
export type { ClassifierFeedbackOptions } from './classification/classifier-feedback.trainer';
export { applyClassifierFeedback } from './classification/classifier-feedback.trainer';
export type { ClassifierModelStore } from './classification/classifier-model.store';
export {
  InMemoryClassifierModelStore,
  modelVersionConflict,
} from './classification/classifier-model.store';
export type { ClassifierResources, HostedClassifier } from './classification/document-classifier';
export {
  classifyDocument,
  classifyLocally,
  classifyPages,
  combineScores,
} from './classification/document-classifier';
export type {
  KeywordClassification,
  KeywordClassifierOptions,
} from './classification/keyword-classifier';
export { KeywordClassifier } from './classification/keyword-classifier';
export type {
  LabelledExample,
  NaiveBayesModel,
  NaiveBayesOptions,
} from './classification/naive-bayes-classifier';
export {
  createNaiveBayesModel,
  isNaiveBayesModelUsable,
  parseNaiveBayesModel,
  predictNaiveBayes,
  serialiseNaiveBayesModel,
  trainNaiveBayes,
} from './classification/naive-bayes-classifier';

// Splitting
export type {
  DocumentSegment,
  SplitOptions,
  SplitResult,
  SplitWeights,
} from './splitting/document-splitter';
export { DEFAULT_SPLIT_WEIGHTS, splitDocuments } from './splitting/document-splitter';
export type { PageContinuitySignals } from './splitting/page-continuity-signals';
export { pageContinuitySignals } from './splitting/page-continuity-signals';

// Extraction
export type { ExtractionOptions } from './extraction/field-extractor';
export { extractDocumentFields, extractItemFields } from './extraction/field-extractor';
export { DEFAULT_LINKER_RANKING, type LinkerRanking } from './linker/linker';
export type * from './schema/extraction-result.types';
export type * from './schema/field-schema.types';
export { parseBoolean } from './values/boolean-normaliser';
export { parseDate } from './values/date-normaliser';
export { parseEnum } from './values/enum-normaliser';
export { parseMoney, parseNumber } from './values/money-normaliser';
export type { ParsedValue } from './values/parsed-value.types';
export { parseScalar } from './values/scalar-value.parser';
export { normaliseString } from './values/string-normaliser';
export { isTradeTerm, tradeConceptOf } from './vocabulary/trade-terms';
export type * from './vocabulary/trade-terms.data';
export { TRADE_CONCEPTS, TRADE_TERM_SOURCES } from './vocabulary/trade-terms.data';

// Validation
export type * from './schema/validation-rule.types';
export type { ValidatedField, ValidationResult } from './validation/field-validator';
export { validateFields } from './validation/field-validator';

// Hosted models
export { buildFieldJsonSchema } from './hosted/field-json-schema.builder';
export type { HostedClassifierOptions } from './hosted/hosted-classifier';
export { createHostedClassifier } from './hosted/hosted-classifier';
export type { HostedExtractionOptions } from './hosted/hosted-field.extractor';
export { extractWithProvider, NOT_GROUNDED_NOTE } from './hosted/hosted-field.extractor';
export { HostedModelException, HostedModelExceptionCode } from './hosted/hosted-model.exception';
export type * from './hosted/hosted-model.provider';
export { summariseWithProvider } from './hosted/hosted-summariser';
export type { OpenAiCompatibleProviderConfig } from './hosted/openai-compatible.provider';
export { OpenAiCompatibleProvider } from './hosted/openai-compatible.provider';
export type { LocatedValue } from './hosted/value-grounder';
export { locateValue } from './hosted/value-grounder';

// Summary
export * from './memory/layout-fingerprint';
export * from './memory/layout-memory';
export { reviewedTableOf } from './memory/table-locator';
export { withRememberedHeaders } from './memory/table-memory';
export * from './memory/value-locator';
export type {
  ItemSummary,
  ItemSummaryInput,
  SummaryDocument,
  SummaryField,
  SummaryOptions,
  SummaryTemplate,
} from './summary/item-summariser';
export { formatValue, renderTemplate, summariseItem } from './summary/item-summariser';
// Test helpers other projects' tests build on: text pages placed as a PDF generator would draw
// them, and a local chat-completions server standing in for a hosted model's API.
export type { ChatHandler, RecordedRequest } from './testing/chat-completions.fake-server';
export {
  chatAnswer,
  FakeChatCompletionsServer,
  sendJson,
} from './testing/chat-completions.fake-server';
export type { PlacedText } from './testing/text-page.fixture';
export { makePage } from './testing/text-page.fixture';
