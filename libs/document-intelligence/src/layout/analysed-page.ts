import { groupLines, type TextLine } from '../text-layer/line-grouper';
import type { TextPage } from '../text-layer/text-layer.types';
import type { PageLayout } from './layout.types';
import { analysePageLines } from './page-layout.analyser';

/**
 * A page with what the engine read of it once: its lines and its layout (pairs, tables). Later
 * stages (extraction, layout memory) take this instead of deriving lines and layout again.
 */
export interface AnalysedPage {
  readonly page: TextPage;
  readonly lines: readonly TextLine[];
  readonly layout: PageLayout;
}

export function analysePages(pages: readonly TextPage[]): AnalysedPage[] {
  return pages.map((page) => {
    const lines = groupLines(page);
    return { page, lines, layout: analysePageLines(page, lines) };
  });
}
