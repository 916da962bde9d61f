import { analysePages } from '../layout/analysed-page';
import { makePage } from '../testing/text-page.fixture';
import { locateValue } from './value-locator';

const page = makePage([
  { x: 60, y: 100, text: 'Contract ID:' },
  { x: 160, y: 100, text: 'CX 1001' },
  { x: 330, y: 100, text: 'Event on:' },
  { x: 400, y: 100, text: '01/10/2026' },
  { x: 60, y: 130, text: 'Reserve: $1,250.00' },
  { x: 60, y: 160, text: 'Copy to: CX 1001' },
]);
const pages = analysePages([page]);

describe('locateValue: where a reviewer’s value is printed', () => {
  it('finds a date written in another format than the value, on its words only', () => {
    const found = locateValue(pages, { key: 'loss', type: 'date' }, '2026-01-10');
    const date = page.words.find((w) => w.text === '01/10/2026')!;
    expect(found).toEqual({ pageNumber: 1, box: date.box });
  });

  it('finds an amount from its number', () => {
    const found = locateValue(pages, { key: 'reserve', type: 'money' }, { amount: 1250 });
    expect(found?.box.x0).toBeGreaterThan(page.words.find((w) => w.text === 'Reserve:')!.box.x1);
  });

  it('learns nothing from a value printed in two places, or not printed at all', () => {
    expect(locateValue(pages, { key: 'policy', type: 'string' }, 'CX 1001')).toBeNull();
    expect(locateValue(pages, { key: 'policy', type: 'string' }, 'ZZ-9')).toBeNull();
  });
});
