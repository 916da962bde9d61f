/**
 * File status (DESIGN.md §4). On the upload request a file is READY_TO_UPLOAD or UNSUPPORTED
 * (specification); once its content arrives it moves UPLOADED -> PROCESSING -> READY or FAILED.
 * An UNSUPPORTED attachment keeps its status: it is stored as-is and never processed.
 */
export const FILE_STATUSES = [
  'READY_TO_UPLOAD',
  'UNSUPPORTED',
  'UPLOADED',
  'PROCESSING',
  'READY',
  'FAILED',
] as const;
export type FileStatus = (typeof FILE_STATUSES)[number];

/** Paging of GET /files/{fileId}/pages. */
export const FILE_PAGES_PAGING = { defaultLimit: 20, maxLimit: 100, maxPage: 10_000 } as const;

/** Upload URLs are valid for 15 minutes (specification, Limits). */
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;

export const CATEGORY_MAX_LENGTH = 64;
export const FILENAME_MAX_LENGTH = 255;
