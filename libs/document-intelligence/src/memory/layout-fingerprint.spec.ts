import { analysePages } from '../layout/analysed-page';
import type { ExtractedField } from '../schema/extraction-result.types';
import { makePage, type PlacedText } from '../testing/text-page.fixture';
import type { TextPage } from '../text-layer/text-layer.types';
import {
  layoutFingerprint,
  layoutSimilarity,
  pageTextEntries,
  SAME_LAYOUT_SIMILARITY,
  sameLayout,
} from './layout-fingerprint';
import {
  type LayoutMemory,
  matchingMemory,
  PRINTED_WORDS_DOUBT,
  withRecognitionDoubt,
} from './layout-memory';
import { isLegacyFingerprint, legacyLayoutFingerprint } from './legacy-fingerprint';

/** A claim form: captions at fixed places, answers that change from document to document. */
function claimForm(captions: readonly string[], answers: readonly string[]): PlacedText[] {
  const places = [
    [60, 100],
    [330, 100],
    [60, 130],
    [330, 130],
    [60, 160],
    [330, 160],
    [60, 190],
    [330, 190],
  ] as const;
  return [
    { x: 60, y: 50, text: 'ACME MUTUAL FIRST NOTICE OF LOSS', size: 14 },
    ...captions.flatMap((caption, i): PlacedText[] => [
      { x: places[i][0], y: places[i][1], text: `${caption}:` },
      { x: places[i][0] + 110, y: places[i][1], text: answers[i] },
    ]),
  ];
}

const CAPTIONS = [
  'Policy Number',
  'Date of Loss',
  'Insured Name',
  'Claim Reference',
  'Cause of Loss',
  'Reported By',
  'Vehicle Make',
  'Adjuster',
];
const FIRST = ['PX-1001', '01/10/2026', 'Dana Reyes', 'CL-77', 'Hail', 'Agent', 'Volvo', 'Kim Lee'];
const SECOND = ['PX-2002', '03/04/2026', 'Ola Berg', 'CL-91', 'Fire', 'Owner', 'Ford', 'Ann Wu'];

/** The page as a scan reads it: every box turned `degrees` about the centre and shifted. */
function scanned(page: TextPage, degrees: number, dx: number, dy: number): TextPage {
  const angle = (degrees * Math.PI) / 180;
  const aspect = page.height / page.width;
  return {
    ...page,
    source: 'ocr',
    words: page.words.map((word) => {
      const cx = (word.box.x0 + word.box.x1) / 2 - 0.5;
      const cy = ((word.box.y0 + word.box.y1) / 2 - 0.5) * aspect;
      const x = cx * Math.cos(angle) - cy * Math.sin(angle) + 0.5 + dx;
      const y = (cx * Math.sin(angle) + cy * Math.cos(angle)) / aspect + 0.5 + dy;
      const w = (word.box.x1 - word.box.x0) / 2;
      const h = (word.box.y1 - word.box.y0) / 2;
      return { ...word, box: { x0: x - w, x1: x + w, y0: y - h, y1: y + h }, confidence: 0.9 };
    }),
  };
}

const fingerprint = (page: TextPage) => layoutFingerprint(analysePages([page])[0]);

describe('layout fingerprint', () => {
  const reviewed = fingerprint(makePage(claimForm(CAPTIONS, FIRST)));

  it('leaves out a caption the caller knows for a reviewed value', () => {
    const page = analysePages([makePage(claimForm(CAPTIONS, FIRST))])[0];
    const all = layoutFingerprint(page);
    const policy = page.layout.keyValuePairs.find((pair) => pair.key.text.startsWith('Policy'));
    expect(policy).toBeDefined();
    const without = layoutFingerprint(page, (caption) => caption === policy!.key);
    expect(without).toHaveLength(all.length - 1);
    expect(without.every((entry) => all.includes(entry))).toBe(true);
  });

  it('recognises the next digital document of the layout', () => {
    const next = fingerprint(makePage(claimForm(CAPTIONS, SECOND)));
    expect(layoutSimilarity(reviewed, next)).toBeGreaterThan(0.95);
    const match = sameLayout(next, () => [], reviewed);
    expect(match).toEqual({ margin: expect.any(Number), fromPrintedWords: false });
    expect(match.margin).toBeGreaterThan(0);
  });

  it('recognises a scan of the layout: letters misread, words split and merged, page moved and turned', () => {
    const misread = [
      'Po1icy Nurnber',
      'Date ofLoss',
      'lnsured Na me',
      'Claim Refererice',
      'Cause of Loss',
      'Reported By',
      'Vehicle Make',
      'Adjuster',
    ];
    for (const degrees of [-3, -1.5, 0, 2, 3]) {
      const scan = scanned(makePage(claimForm(misread, SECOND)), degrees, 0.012, -0.01);
      expect(layoutSimilarity(reviewed, fingerprint(scan))).toBeGreaterThanOrEqual(
        SAME_LAYOUT_SIMILARITY,
      );
    }
  });

  it('keeps apart a layout printing the same captions elsewhere, and one printing others', () => {
    const moved = [...CAPTIONS].reverse();
    const rearranged = fingerprint(makePage(claimForm(moved, [...SECOND].reverse())));
    expect(layoutSimilarity(reviewed, rearranged)).toBeLessThan(SAME_LAYOUT_SIMILARITY);
    const other = fingerprint(
      makePage(
        claimForm(
          [
            'Invoice No',
            'Invoice Date',
            'Bill To',
            'Due Date',
            'Terms',
            'PO Number',
            'Currency',
            'Vendor',
          ],
          ['INV-1', '01/02/2026', 'Harbor', '02/02/2026', 'Net 30', 'PO-7', 'USD', 'Acme'],
        ),
      ),
    );
    expect(layoutSimilarity(reviewed, other)).toBeLessThan(0.2);
  });
});

describe('a fax-like scan whose layout analysis missed captions', () => {
  const reviewed = fingerprint(makePage(claimForm(CAPTIONS, FIRST)));
  const scanOf = (captions: readonly string[], answers: readonly string[]) =>
    analysePages([scanned(makePage(claimForm(captions, answers)), 2, 0.01, -0.008)])[0];
  const textOf = (captions: readonly string[], answers: readonly string[]) => () =>
    pageTextEntries(scanOf(captions, answers));
  /** What the analysis of a bad scan kept: the first `kept` captions, the others lost. */
  const analysedOnly = (captions: readonly string[], kept: number) =>
    layoutFingerprint(scanOf(captions.slice(0, kept), SECOND.slice(0, kept)));

  it('is the remembered layout when its words print the remembered captions at their places', () => {
    const found = analysedOnly(CAPTIONS, 3);
    expect(layoutSimilarity(reviewed, found)).toBeLessThan(SAME_LAYOUT_SIMILARITY);
    const match = sameLayout(found, textOf(CAPTIONS, SECOND), reviewed);
    expect(match.margin).toBeGreaterThanOrEqual(0);
    expect(match.fromPrintedWords).toBe(true);
  });

  it('is not, when it pairs too few captions although its words print them', () => {
    const found = analysedOnly(CAPTIONS, 1);
    expect(sameLayout(found, textOf(CAPTIONS, SECOND), reviewed).margin).toBeLessThan(0);
  });

  it('is not, when the captions it prints stand elsewhere', () => {
    const moved = [...CAPTIONS.slice(0, 3), ...CAPTIONS.slice(3).reverse()];
    const found = analysedOnly(moved, 3);
    expect(layoutSimilarity(reviewed, found)).toBeGreaterThanOrEqual(0.3);
    expect(sameLayout(found, textOf(moved, SECOND), reviewed).margin).toBeLessThan(0);
  });
});

describe('values of a layout recognised from its printed words', () => {
  const field = (key: string, source: ExtractedField['source']): ExtractedField => ({
    key,
    type: 'string',
    value: 'x',
    confidence: 0.9,
    source,
    notes: [],
  });
  const read = new Map([
    ['insurer', field('insurer', 'layout-memory')],
    ['policy', field('policy', 'label-right')],
  ]);
  const memory: LayoutMemory = { fingerprint: [], fields: [] };

  it('are doubted when read at remembered places; other readings are not', () => {
    const doubted = withRecognitionDoubt(read, { memory, fromPrintedWords: true });
    expect(doubted.get('insurer')?.doubts).toEqual([PRINTED_WORDS_DOUBT]);
    expect(doubted.get('insurer')?.confidence).toBeLessThan(0.7);
    expect(doubted.get('policy')?.doubts).toBeUndefined();
  });

  it('are not doubted when the captions paired', () => {
    const kept = withRecognitionDoubt(read, { memory, fromPrintedWords: false });
    expect(kept.get('insurer')?.doubts).toBeUndefined();
    expect(kept.get('insurer')?.confidence).toBe(0.9);
  });
});

describe('memories stored with the old fingerprint', () => {
  it('still apply to their layout, compared the old way, and not to another', () => {
    const page = analysePages([makePage(claimForm(CAPTIONS, SECOND))]);
    const old = { fingerprint: legacyLayoutFingerprint(page[0]), fields: [] };
    expect(isLegacyFingerprint(old.fingerprint)).toBe(true);
    expect(matchingMemory(page, [old])).toBe(old);
    const other = analysePages([makePage(claimForm([...CAPTIONS].reverse(), FIRST))]);
    expect(matchingMemory(other, [old])).toBeNull();
  });
});

describe('two harsh scans of one page turned about 5 degrees apart', () => {
  // The fingerprints of two declarations pages of draw 7028 (a totals caption under the table,
  // placed from the table's foot: "t0.012").
  const taught = [
    '~charge@0.859,0.425',
    '~coveragebeglns@0.065,0.242',
    '~ethanmcalllster@0.065,0.173',
    '~explres@0.056,0.282',
    '~llmltofllablllty@0.462,0.432',
    '~lnsuranceprovlder@0.064,0.193',
    '~pollcyno@0.070,0.322',
    '~pollcytype@0.072,0.368',
    '~protectlon@0.073,0.445',
    '~rachelqulnn@0.063,0.131',
    '~totalcost@0.558,t0.012',
    '~youpayflrst@0.653,0.430',
  ];
  const next = [
    '~charge@0.865,0.451',
    '~cllent@0.100,0.089',
    '~coveragebeglns@0.098,0.214',
    '~explres@0.095,0.254',
    '~ofllmltllablllty@0.469,0.432',
    '~omarokafor@0.103,0.149',
    '~protectlon@0.080,0.423',
    '~totalcost@0.546,t0.016',
    '~youpayflrst@0.660,0.441',
  ];

  it('are one layout: the turn is fitted on the captions over the table alone', () => {
    expect(layoutSimilarity(next, taught)).toBeGreaterThanOrEqual(SAME_LAYOUT_SIMILARITY);
  });
});
