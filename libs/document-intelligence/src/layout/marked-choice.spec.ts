import { makePage } from '../testing/text-page.fixture';
import { groupLines, splitSegments } from '../text-layer/line-grouper';
import { withMarkedChoicesJoined } from './marked-choice';

function phrases(runs: Array<{ x: number; text: string }>): string[] {
  const [line] = groupLines(makePage(runs.map((r) => ({ ...r, y: 100 }))));
  return withMarkedChoicesJoined(splitSegments(line)).map((s) => s.text);
}

describe('withMarkedChoicesJoined', () => {
  it('joins the pieces of a yes/no answer with a mark beside one option', () => {
    expect(
      phrases([
        { x: 50, text: 'Police Report?' },
        { x: 200, text: 'Yes' },
        { x: 240, text: 'X No' },
      ]),
    ).toEqual(['Police Report?', 'Yes X No']);
    expect(
      phrases([
        { x: 50, text: 'Injuries' },
        { x: 200, text: '☐ Yes' },
        { x: 250, text: '☒ No' },
      ]),
    ).toEqual(['Injuries', '☐ Yes ☒ No']);
    // As a scan's OCR reads the boxes: a bracket lost, another misread and glued.
    expect(
      phrases([
        { x: 50, text: 'Police Report?' },
        { x: 200, text: '] Yes' },
        { x: 250, text: 'X] No' },
      ]),
    ).toEqual(['Police Report?', '] Yes X] No']);
    expect(
      phrases([
        { x: 50, text: 'Police Report?' },
        { x: 200, text: 'Yes' },
        { x: 250, text: '[XINo' },
      ]),
    ).toEqual(['Police Report?', 'Yes [XINo']);
    // An empty box's brackets read as letters of their own ("[ ] No" as `O J No`).
    expect(
      phrases([
        { x: 50, text: 'X] Yes' },
        { x: 120, text: 'O J No' },
        { x: 300, text: 'Theft' },
      ]),
    ).toEqual(['X] Yes O J No', 'Theft']);
  });

  it('keeps apart option columns with no mark between them, and other phrases', () => {
    expect(
      phrases([
        { x: 50, text: 'Question' },
        { x: 200, text: 'Yes' },
        { x: 240, text: 'No' },
      ]),
    ).toEqual(['Question', 'Yes', 'No']);
    expect(
      phrases([
        { x: 50, text: 'Yes' },
        { x: 200, text: 'Notice Date' },
        { x: 300, text: 'X' },
      ]),
    ).toEqual(['Yes', 'Notice Date', 'X']);
  });
});
