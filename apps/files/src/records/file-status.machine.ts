import type { FileStatus } from '@docket/contracts';

/**
 * The one table of legal file status changes (DESIGN.md §4). Repositories write a change only
 * `WHERE status IN (sourcesOf(target))`, so two detectors or two replicas racing on one file
 * cannot both win, and no code path can skip a step.
 */
const TRANSITIONS: Readonly<Record<FileStatus, readonly FileStatus[]>> = {
  READY_TO_UPLOAD: [],
  UNSUPPORTED: [],
  // The content arrived (reconciler, read, or storage event).
  UPLOADED: ['READY_TO_UPLOAD', 'PROCESSING'], // PROCESSING -> UPLOADED: a retry after a crash
  PROCESSING: ['UPLOADED'],
  READY: ['PROCESSING'],
  // Too large on arrival, a file that cannot be processed, or an upload never made.
  FAILED: ['READY_TO_UPLOAD', 'UPLOADED', 'PROCESSING'],
};

export function sourcesOf(target: FileStatus): readonly FileStatus[] {
  return TRANSITIONS[target];
}

export function canTransition(from: FileStatus, to: FileStatus): boolean {
  return TRANSITIONS[to].includes(from);
}
