import { makePage } from '../testing/text-page.fixture';
import { groupLines } from '../text-layer/line-grouper';
import { readingOrder } from './reading-order';

describe('readingOrder', () => {
  it('reads two columns of running text column by column', () => {
    const page = makePage([
      { x: 50, y: 100, text: 'The insured reported the loss' },
      { x: 320, y: 100, text: 'Coverage applies to the vehicle' },
      { x: 50, y: 114, text: 'on the same day it happened.' },
      { x: 320, y: 114, text: 'named on the declarations page.' },
    ]);
    expect(readingOrder(groupLines(page)).map((t) => t.text)).toEqual([
      'The insured reported the loss',
      'on the same day it happened.',
      'Coverage applies to the vehicle',
      'named on the declarations page.',
    ]);
  });

  it('keeps a form line by line, caption before answer', () => {
    const page = makePage([
      { x: 50, y: 100, text: 'Name' },
      { x: 200, y: 100, text: 'Jane Smith' },
      { x: 50, y: 114, text: 'Phone' },
      { x: 200, y: 114, text: '555-0100' },
    ]);
    expect(readingOrder(groupLines(page)).map((t) => t.text)).toEqual([
      'Name',
      'Jane Smith',
      'Phone',
      '555-0100',
    ]);
  });
});
