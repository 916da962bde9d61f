import { makePage } from '../testing/text-page.fixture';
import { extractDocumentFields } from './field-extractor';

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
});
