export type { ContainerCaps, UnpackedFile, UnpackOptions } from './containers/container-caps';
export { DEFAULT_CONTAINER_CAPS } from './containers/container-caps';
export { unpackEmail } from './containers/email-unpacker';
export { unpackZip } from './containers/zip-unpacker';
export type { ProcessingErrorCode } from './errors/processing-error';
export {
  isProcessingError,
  PROCESSING_ERROR_CODES,
  ProcessingError,
} from './errors/processing-error';
export type { FileKind, FileRole, SupportedFileType } from './file-types/file-type';
export {
  fileTypeFromFilename,
  fileTypeFromMimeType,
  SUPPORTED_TYPES,
} from './file-types/file-type';
export { assertMagicMatches, sniffFileType } from './file-types/file-type-sniffer';
export type { PageProcessingOptions } from './pages/page-processing-options';
export { DEFAULT_PAGE_PROCESSING_OPTIONS } from './pages/page-processing-options';
export type { ProcessedPages, RenderedPage } from './pages/page-processor';
export { extractTextLayer, processPages, renderPages } from './pages/page-processor';
export { PageSlots, PROCESS_PAGE_SLOTS } from './runner/page-slots';
export type { TextLayerPage, TextLayerSource, TextWord } from './text-layer/text-layer';
