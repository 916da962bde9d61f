import type { TextPage, TextWord } from '@docket/document-intelligence';

const LINE_HEIGHT = 0.02;
const CHARACTER_WIDTH = 0.008;

/**
 * Plain text (a reviewer's feedback given as text) as one digital page: words in reading order
 * on a simple grid, so the classifier's title-region and bigram features see it as printed.
 */
export function textAsPage(text: string): TextPage {
  const words: TextWord[] = [];
  text.split(/\r?\n/).forEach((line, lineIndex) => {
    let x = 0.05;
    const y0 = Math.min(0.98, 0.03 + lineIndex * LINE_HEIGHT);
    for (const token of line.split(/\s+/).filter(Boolean)) {
      const x1 = Math.min(1, x + token.length * CHARACTER_WIDTH);
      words.push({
        text: token,
        box: { x0: x, y0, x1, y1: y0 + LINE_HEIGHT * 0.8 },
        confidence: 1,
      });
      x = Math.min(0.99, x1 + CHARACTER_WIDTH);
    }
  });
  return { pageNumber: 1, width: 612, height: 792, source: 'pdf-text', words };
}
