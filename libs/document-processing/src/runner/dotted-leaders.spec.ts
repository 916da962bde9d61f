import { join } from 'node:path';

import { darkestPixel, type TextImage, textImage } from '../testing/image-fixtures';
import { onGrayInNode } from '../testing/runner-module';

interface Leader {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  dots: number;
}

/** The eraser in Node itself, as the runner runs it. */
function eraseInNode(image: TextImage): { leaders: Leader[]; gray: Uint8Array } {
  const { result, gray } = onGrayInNode<Leader[]>(
    join(__dirname, 'dotted-leaders.mjs'),
    'eraseDottedLeaders',
    image,
  );
  return { leaders: result, gray };
}

function wordBox(image: TextImage, text: string) {
  const word = image.words.find((w) => w.text === text)!;
  return {
    x0: Math.floor(word.x0),
    x1: Math.ceil(word.x1),
    y0: Math.floor(word.baseline - word.size),
    y1: Math.ceil(word.baseline + word.size * 0.25),
  };
}

describe('eraseDottedLeaders', () => {
  it('finds a dotted leader between a caption and its answer and paints only its dots white', async () => {
    const image = await textImage(900, 80, [
      { text: 'Date of loss ......................... 04/05/2024', x: 20, y: 50, size: 24 },
    ]);

    const { leaders, gray } = eraseInNode(image);

    expect(leaders).toHaveLength(1);
    const [leader] = leaders;
    const caption = wordBox(image, 'loss');
    const answer = wordBox(image, '04/05/2024');
    expect(leader!.dots).toBeGreaterThanOrEqual(20);
    expect(leader!.x0).toBeGreaterThan(caption.x1);
    expect(leader!.x1).toBeLessThan(answer.x0);
    expect(leader!.y1).toBeLessThanOrEqual(51);
    // The dots are gone; the caption and the answer are untouched.
    expect(darkestPixel(image, gray, { ...leader!, y0: leader!.y0 - 2, y1: leader!.y1 + 2 })).toBe(
      255,
    );
    for (const text of ['Date', 'loss', '04/05/2024']) {
      const box = wordBox(image, text);
      expect(darkestPixel(image, gray, box)).toBe(darkestPixel(image, image.gray, box));
    }
  });

  it('leaves full stops, an ellipsis, decimal points and colons alone', async () => {
    const image = await textImage(1200, 80, [
      {
        text: 'Dr. A. B. Smith paid $1,234.56 on 04.05.2024... Time: 10:30 a.m. Ref: X.Y.Z.',
        x: 10,
        y: 50,
        size: 22,
      },
    ]);

    const { leaders, gray } = eraseInNode(image);

    expect(leaders).toEqual([]);
    expect(Buffer.from(gray).equals(Buffer.from(image.gray))).toBe(true);
  });

  it('takes no run of small letters for dots', async () => {
    const image = await textImage(1400, 80, [
      {
        text: 'Date of Invoice: occurrence commerce mmmm nnnn oooo eeee ccc',
        x: 10,
        y: 50,
        size: 20,
      },
    ]);

    expect(eraseInNode(image).leaders).toEqual([]);
  });

  it('takes scattered specks of scanner noise for no leader', async () => {
    const image = await textImage(400, 100, []);
    const noisy = { ...image, gray: new Uint8Array(image.gray) };
    for (let i = 0; i < 200; i += 1) noisy.gray[(i * 7919) % noisy.gray.length] = 0;

    expect(eraseInNode(noisy).leaders).toEqual([]);
  });
});
