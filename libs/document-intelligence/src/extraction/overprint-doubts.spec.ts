import { analysePages } from '../layout/analysed-page';
import type { ExtractedField } from '../schema/extraction-result.types';
import { makePage, placedWords } from '../testing/text-page.fixture';
import { unionBox } from '../text-layer/box-geometry';
import { extractDocumentFields } from './field-extractor';
import { withOverprintDoubts } from './overprint-doubts';

describe('a value read from words printed over each other', () => {
  // Draw 7029: a long address runs on under the next column's caption, "Estimated Amount"
  // printed over its "Fresno, CA 93721".
  const page = makePage([
    { x: 50, y: 160, text: 'Where It Happened' },
    { x: 165, y: 160, text: '2233 Washington Blvd, Fresno, CA 93721' },
    { x: 306, y: 160, text: 'Estimated Amount' },
    { x: 420, y: 160, text: '$2918.30' },
  ]);
  const schema = { fields: [{ key: 'loss_location', type: 'string', label: 'Where it happened' }] };

  it('is doubted, whatever read it', () => {
    const [location] = extractDocumentFields({ pages: [page] }, schema as never);
    expect(location.value).not.toBeNull();
    expect(location.doubts).toEqual(
      expect.arrayContaining([expect.stringMatching(/^words printed over each other: /)]),
    );
  });

  it('is not, where the columns keep apart', () => {
    const apart = makePage([
      { x: 50, y: 160, text: 'Where It Happened' },
      { x: 165, y: 160, text: '2233 Washington Blvd, Fresno, CA 93721' },
    ]);
    const [location] = extractDocumentFields({ pages: [apart] }, schema as never);
    expect(location.value).toBe('2233 Washington Blvd, Fresno, CA 93721');
    expect(location.doubts ?? []).toEqual([]);
  });

  describe('stopping just short of them', () => {
    // Draw 7034: a remembered address read up to "GA", its ZIP printed under the caption after.
    const address = placedWords({ x: 160, y: 150, text: '2061 Mill Rd, Savannah, GA' });
    const runsInto = makePage([
      { x: 69, y: 150, text: 'PLACE OF LOSS:' },
      { x: 160, y: 150, text: '2061 Mill Rd, Savannah, GA 31401' },
      { x: 306, y: 150, text: 'POLICE CALLED: No' },
    ]);
    const field = (): ExtractedField => ({
      key: 'loss_location',
      type: 'string',
      value: '2061 Mill Rd, Savannah, GA',
      confidence: 0.71,
      grounding: { page: 1, box: unionBox(address.map((w) => w.box))!, words: address },
      source: 'layout-memory',
      notes: [],
    });

    it('is doubted: the value may run on under them', () => {
      const doubted = withOverprintDoubts(
        new Map([['loss_location', field()]]),
        analysePages([runsInto]),
      );
      expect(doubted.get('loss_location')?.doubts).toEqual([
        'words printed over each other: "31401" and "POLICE"',
      ]);
    });

    it('is not, where the next column starts a gap away', () => {
      const apart = makePage([
        { x: 69, y: 150, text: 'PLACE OF LOSS:' },
        { x: 160, y: 150, text: '2061 Mill Rd, Savannah, GA' },
        { x: 330, y: 150, text: 'POLICE CALLED: No' },
      ]);
      const kept = withOverprintDoubts(
        new Map([['loss_location', field()]]),
        analysePages([apart]),
      );
      expect(kept.get('loss_location')?.doubts).toBeUndefined();
    });
  });
});
