import {
  fnolPage,
  INSURANCE_CLASSES,
  invoicePage,
  policeReportPage,
} from '../classification/classification.fixture';
import type { ClassificationConfig } from '../classification/classification.types';
import { makePage } from '../testing/text-page.fixture';
import type { TextPage } from '../text-layer/text-layer.types';
import { splitDocuments } from './document-splitter';
import { identifierTokens, pageContinuitySignals } from './page-continuity-signals';

const config: ClassificationConfig = { classes: INSURANCE_CLASSES, methods: ['rules'] };

function renumber(page: TextPage, pageNumber: number): TextPage {
  return { ...page, pageNumber };
}

function withFooter(page: TextPage, footer: string): TextPage {
  const extra = makePage([{ x: 260, y: 760, text: footer }], page.pageNumber);
  return { ...page, words: [...page.words, ...extra.words] };
}

/** A continuation page: running header with the claim number, no title, no class keywords. */
function continuationPage(pageNumber: number, header: string, footer: string): TextPage {
  return makePage(
    [
      { x: 50, y: 30, text: header },
      {
        x: 50,
        y: 120,
        text: 'Witness statement: the other vehicle ran the red light and struck the rear bumper.',
      },
      { x: 260, y: 760, text: footer },
    ],
    pageNumber,
  );
}

describe('splitDocuments', () => {
  it('splits a bundle into claim form, police report and two invoices', () => {
    const pages = [
      withFooter(fnolPage(1), 'Page 1 of 2'),
      continuationPage(2, 'Claim CLM-2024-0042', 'Page 2 of 2'),
      renumber(policeReportPage(), 3),
      renumber(invoicePage(1, 'INV-1001'), 4),
      renumber(invoicePage(1, 'INV-1002'), 5),
    ];
    const { segments, pages: pageClasses } = splitDocuments(pages, config);
    expect(segments.map((s) => [s.startPage, s.endPage, s.label])).toEqual([
      [1, 2, 'fnol'],
      [3, 3, 'police_report'],
      [4, 4, 'invoice'],
      [5, 5, 'invoice'],
    ]);
    expect(pageClasses).toHaveLength(5);
    expect(segments[0].boundaryConfidence).toBe(1);
    expect(segments[3].reasons.join(' ')).toMatch(/title keywords/);
  });

  it('keeps a multi-page invoice together when its pages say "page x of y"', () => {
    const pages = [
      withFooter(invoicePage(1, 'INV-2001'), 'Page 1 of 2'),
      withFooter(renumber(invoicePage(1, 'INV-2001'), 2), 'Page 2 of 2'),
    ];
    const { segments } = splitDocuments(pages, config);
    expect(segments).toHaveLength(1);
    expect(segments[0].pageNumbers).toEqual([1, 2]);
  });

  it('starts a document at a "page 1 of" marker even within one class', () => {
    const pages = [
      withFooter(continuationPage(1, 'Statement A-55501', 'Page 1 of 1'), ''),
      continuationPage(2, 'Statement A-55502', 'Page 1 of 1'),
    ];
    const { segments } = splitDocuments(pages, config);
    expect(segments).toHaveLength(2);
  });
});

describe('page continuity signals', () => {
  it('reads page markers, continuation cues and identifiers', () => {
    const page = makePage([
      { x: 50, y: 30, text: 'Invoice INV-30012 (continued)' },
      { x: 50, y: 200, text: 'Call 555-123-4567 about claim CLM-2024-0042 from 03/14/2024' },
      { x: 260, y: 760, text: 'Page 2 of 3' },
    ]);
    const signals = pageContinuitySignals(page);
    expect(signals.pageOf).toEqual({ index: 2, total: 3 });
    expect(signals.continuedCue).toBe(true);
    expect([...signals.headerIdentifiers]).toEqual(['INV-30012']);
    expect([...signals.identifiers].sort()).toEqual(['CLM-2024-0042', 'INV-30012']);
  });

  it('ignores dates, phone numbers and ZIP codes as identifiers', () => {
    expect([...identifierTokens('2024-03-14 555-123-4567 94107 94107-1234 POL123456')]).toEqual([
      'POL123456',
    ]);
  });
});
