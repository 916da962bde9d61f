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
  return analyseLinesAfter(page, lines, []).layout;
}

/**
 * A page's layout after the document's earlier pages, whose tables' header lines
 * (`earlierHeaders`) may head the last rows of a table run on to this page; with this page's
 * header lines added, for the page after.
 */
export function analyseLinesAfter(
  page: TextPage,
  lines: readonly TextLine[],
  earlierHeaders: readonly TextLine[],
): { layout: PageLayout; headerLines: readonly TextLine[] } {
  const { tables, feet, headerLines } = detectTableLayout(lines, earlierHeaders);
  // A table found without a header is a guess from its rows' shape: its words stay open to
  // key-value pairs, so a form whose answers happen to align is still read as a form.
  const taken = tableWords(tables.filter((table) => table.headerRows > 0));
  tableFootWords(feet).forEach((word) => taken.add(word));
  const keyValuePairs = [...tableFootPairs(feet), ...detectKeyValuePairs(lines, taken)].sort(
    (a, b) => a.key.box.y0 - b.key.box.y0 || a.key.box.x0 - b.key.box.x0,
  );
  return {
    layout: {
      pageNumber: page.pageNumber,
      width: page.width,
      height: page.height,
      keyValuePairs,
      tables,
      readingOrder: readingOrder(lines),
    },
    headerLines: [...earlierHeaders, ...headerLines],
  };
}

export function analysePage(page: TextPage): PageLayout {
  return analysePageLines(page, groupLines(page));
}

/** Each page's layout, in page order, each read after the pages before it. */
export function analyseDocument(document: DocumentPages): PageLayout[] {
  let headerLines: readonly TextLine[] = [];
  return document.pages.map((page) => {
    const analysed = analyseLinesAfter(page, groupLines(page), headerLines);
    headerLines = analysed.headerLines;
    return analysed.layout;
  });
}
