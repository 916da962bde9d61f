import type { FileStatus } from '@docket/contracts';
import { stateMachine, TransitionTable } from '@docket/platform';

import type { FileTransition } from '../database/file.repository';

/**
 * The one file state machine (DESIGN.md §4). A change is written only
 * `WHERE status IN (sourcesOf(target))` (see `fileTransition`), so two detectors or two replicas racing on one file
 * cannot both win, and no code path can skip a step.
 *
 *   READY_TO_UPLOAD -> UPLOADED -> PROCESSING -> READY
 *   PROCESSING -> UPLOADED (a retry after a crash)
 *   READY_TO_UPLOAD, UPLOADED, PROCESSING -> FAILED (too large on arrival, a file that cannot be
 *   processed, or an upload never made)
 */
const TRANSITIONS: TransitionTable<FileStatus> = {
  // The content arrives (reconciler, read, or storage event), or the upload is never made.
  READY_TO_UPLOAD: ['UPLOADED', 'FAILED'],
  UPLOADED: ['PROCESSING', 'FAILED'],
  PROCESSING: ['READY', 'UPLOADED', 'FAILED'],
  READY: [],
  FAILED: [],
  UNSUPPORTED: [],
};

export const { canTransition, sourcesOf } = stateMachine('A file', TRANSITIONS);

/** The change to `to` as the repository writes it: guarded by the statuses that may lead there. */
export function fileTransition(to: FileStatus): FileTransition {
  return { to, from: sourcesOf(to) };
}
