import { ITEM_NAME_MAX, itemNameOf } from './item-name';

describe('itemNameOf', () => {
  it('names an item by its file and document type', () => {
    expect(
      itemNameOf([{ name: 'claim.pdf', classification: 'auto-claim' }], 'Intake', 'Intake run'),
    ).toBe('claim.pdf · auto-claim');
  });

  it('uses the flow name until the document is classified, and counts further documents', () => {
    expect(
      itemNameOf(
        [
          { name: 'claim.pdf', classification: null },
          { name: 'photo.png', classification: 'photo' },
        ],
        'Intake',
        'Intake run',
      ),
    ).toBe('claim.pdf +1 · Intake');
  });

  it('keeps the test-run mark and the run name when there are no documents', () => {
    expect(
      itemNameOf([{ name: 'a.pdf', classification: 'invoice' }], 'Intake', 'Intake (test run)'),
    ).toBe('a.pdf · invoice (test run)');
    expect(itemNameOf([], 'Intake', 'Intake run')).toBe('Intake run');
  });

  it('shortens the file name, not the type, to the name limit', () => {
    const at = itemNameOf([{ name: 'x'.repeat(500), classification: 'claim' }], 'F', 'F run');
    expect(at).toHaveLength(ITEM_NAME_MAX);
    expect(at.endsWith('x · claim')).toBe(true);
    const short = 'y'.repeat(ITEM_NAME_MAX - ' · claim'.length);
    expect(itemNameOf([{ name: short, classification: 'claim' }], 'F', 'F run')).toBe(
      `${short} · claim`,
    );
    expect(itemNameOf([{ name: `${short}z`, classification: 'claim' }], 'F', 'F run')).toBe(
      `${short} · claim`,
    );
  });
});
