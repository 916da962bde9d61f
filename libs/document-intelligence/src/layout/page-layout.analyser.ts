import { groupLines, type TextLine } from '../text-layer/line-grouper';
import type { DocumentPages, TextPage } from '../text-layer/text-layer.types';
import { detectKeyValuePairs } from './key-value-pair.detector';
import type { PageLayout } from './layout.types';
import { readingOrder } from './reading-order';
import { detectTables, tableWords } from './table.detector';

/**
 * The layout stage of the pipeline: tables first (their header cells would otherwise read as
 * captions), then key-value pairs among the remaining words, then reading order.
 */
export function analysePageLines(page: TextPage, lines: readonly TextLine[]): PageLayout {
  const tables = detectTables(lines);
  const keyValuePairs = detectKeyValuePairs(lines, tableWords(tables));
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
