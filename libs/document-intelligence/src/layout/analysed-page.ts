import { groupLines, type TextLine } from '../text-layer/line-grouper';
import type { TextPage } from '../text-layer/text-layer.types';
import type { PageLayout } from './layout.types';
import { analyseLinesAfter } from './page-layout.analyser';

/**
 * A page with what the engine read of it once: its lines and its layout (pairs, tables). Later
 * stages (extraction, layout memory) take this instead of deriving lines and layout again.
 */
export interface AnalysedPage {
  readonly page: TextPage;
  readonly lines: readonly TextLine[];
  readonly layout: PageLayout;
}

/** Each page in order, read after the pages before it (a table may run on from one). */
export function analysePages(pages: readonly TextPage[]): AnalysedPage[] {
  let headerLines: readonly TextLine[] = [];
  return pages.map((page) => {
    const lines = groupLines(page);
    const analysed = analyseLinesAfter(page, lines, headerLines);
    headerLines = analysed.headerLines;
    return { page, lines, layout: analysed.layout };
  });
}
