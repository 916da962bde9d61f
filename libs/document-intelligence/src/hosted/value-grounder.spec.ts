import { makePage } from '../testing/text-page.fixture';
import { groupLines } from '../text-layer/line-grouper';
import { locateValue } from './value-grounder';

const lines = groupLines(
  makePage([
    { x: 50, y: 100, text: 'Loss occurred on March 14, 2024 near 5 Main St' },
    { x: 50, y: 120, text: 'Total due 1,250.00 USD' },
    { x: 50, y: 140, text: 'Insured: Jonathan Q. Public' },
  ]),
);

describe('locateValue', () => {
  it('finds a date printed in another format', () => {
    const found = locateValue('2024-03-14', { key: 'd', type: 'date' }, lines);
    expect(found?.words.map((w) => w.text)).toEqual(['March', '14,', '2024']);
    expect(found?.quality).toBe(1);
  });

  it('finds an amount by value, not by text', () => {
    const found = locateValue(
      { amount: 1250, currency: 'USD' },
      { key: 'm', type: 'money' },
      lines,
    );
    expect(found?.words.map((w) => w.text)).toEqual(['1,250.00', 'USD']);
  });

  it('does not take a number inside a longer token as a match', () => {
    expect(locateValue(250, { key: 'n', type: 'number' }, lines)).toBeNull();
    expect(locateValue(5, { key: 'n', type: 'number' }, lines)?.words.map((w) => w.text)).toEqual([
      '5',
    ]);
  });

  it('finds text with small differences and reports lower quality', () => {
    const found = locateValue('Jonathon Q Public', { key: 's', type: 'string' }, lines);
    expect(found?.words.map((w) => w.text)).toEqual(['Jonathan', 'Q.', 'Public']);
    expect(found?.quality).toBeLessThan(1);
    expect(locateValue('Somebody Else', { key: 's', type: 'string' }, lines)).toBeNull();
  });
});
