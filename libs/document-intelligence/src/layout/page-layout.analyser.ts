import { groupLines, type TextLine } from '../text-layer/line-grouper';
import type { DocumentPages, TextPage } from '../text-layer/text-layer.types';
import { detectKeyValuePairs } from './key-value-pair.detector';
import type { PageLayout } from './layout.types';
import { readingOrder } from './reading-order';
import { detectTableLayout, tableWords } from './table.detector';
import { tableFootPairs, tableFootWords } from './table-foot';

/**
 * The layout stage of the pipeline: tables first (their header cells would otherwise read as
 * captions) with the totals lines under them, then key-value pairs among the remaining words,
 * then reading order.
 */
export function analysePageLines(page: TextPage, lines: readonly TextLine[]): PageLayout {
  const { tables, feet } = detectTableLayout(lines);
  // A table found without a header is a guess from its rows' shape: its words stay open to
  // key-value pairs, so a form whose answers happen to align is still read as a form.
  const taken = tableWords(tables.filter((table) => table.headerRows > 0));
  tableFootWords(feet).forEach((word) => taken.add(word));
  const keyValuePairs = [...tableFootPairs(feet), ...detectKeyValuePairs(lines, taken)].sort(
    (a, b) => a.key.box.y0 - b.key.box.y0 || a.key.box.x0 - b.key.box.x0,
  );
  return {
    pageNumber: page.pageNumber,
    width: page.width,
    height: page.height,
    keyValuePairs,
    tables,
    readingOrder: readingOrder(lines),
  };
}

export function analysePage(page: TextPage): PageLayout {
  return analysePageLines(page, groupLines(page));
}

export function analyseDocument(document: DocumentPages): PageLayout[] {
  return document.pages.map(analysePage);
}
