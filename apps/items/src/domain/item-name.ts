import type { ItemDocumentRecord } from '@docket/contracts';

/** The most an item name holds (the create contract's displayName limit). */
export const ITEM_NAME_MAX = 500;

/** The worker names a test run's item "<flow> (test run)"; the marker outlives renaming. */
const TEST_RUN_MARK = '(test run)';

/**
 * An item's name once its documents are known: the first file's name and its document type (the
 * flow's name until it is classified), e.g. `claim.pdf · auto-claim`, with `+N` for further
 * documents. Without documents the name the run gave stays.
 */
export function itemNameOf(
  documents: Pick<ItemDocumentRecord, 'name' | 'classification'>[],
  flowName: string,
  currentName: string,
): string {
  const first = documents[0];
  if (!first) return currentName;
  const more = documents.length > 1 ? ` +${documents.length - 1}` : '';
  const test = currentName.endsWith(TEST_RUN_MARK) ? ` ${TEST_RUN_MARK}` : '';
  const tail = `${more} · ${first.classification ?? flowName}${test}`;
  // The file name gives way when too long, so the type and the marker always show.
  return `${first.name.slice(0, Math.max(1, ITEM_NAME_MAX - tail.length))}${tail}`.slice(
    0,
    ITEM_NAME_MAX,
  );
}
