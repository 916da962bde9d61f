import { classifyLocally } from '@docket/document-intelligence';

import { textAsPage } from './text-as-page';

describe('textAsPage', () => {
  it('lays words out in reading order with boxes inside the page', () => {
    const page = textAsPage('First Notice of Loss\n\nPolicy   Number: PN-1');
    expect(page.words.map((w) => w.text)).toEqual([
      'First',
      'Notice',
      'of',
      'Loss',
      'Policy',
      'Number:',
      'PN-1',
    ]);
    for (const { box } of page.words) {
      expect(box.x0).toBeGreaterThanOrEqual(0);
      expect(box.x1).toBeLessThanOrEqual(1);
      expect(box.x1).toBeGreaterThan(box.x0);
      expect(box.y1).toBeLessThanOrEqual(1);
      expect(box.y1).toBeGreaterThan(box.y0);
    }
    expect(page.words[4].box.y0).toBeGreaterThan(page.words[0].box.y0);
  });

  it('gives text the classifier reads like a printed page', () => {
    const config = {
      classes: [
        { label: 'fnol', keywords: [{ term: 'First Notice of Loss', weight: 3 }] },
        { label: 'invoice', keywords: [{ term: 'Invoice', weight: 3 }] },
      ],
      methods: ['rules' as const],
    };
    expect(classifyLocally([textAsPage('First Notice of Loss\nDate of loss')], config).label).toBe(
      'fnol',
    );
  });

  it('keeps a very long text on the page', () => {
    const page = textAsPage(Array.from({ length: 200 }, (_, i) => `line ${i}`).join('\n'));
    expect(page.words).toHaveLength(400);
    expect(Math.max(...page.words.map((w) => w.box.y1))).toBeLessThanOrEqual(1);
  });
});
