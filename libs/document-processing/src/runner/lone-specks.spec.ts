import { join } from 'node:path';

import { type TextImage, textImage } from '../testing/image-fixtures';
import { onGrayInNode } from '../testing/runner-module';

/** The eraser in Node itself, as the runner runs it: specks erased, and the pixels after. */
const eraseInNode = (image: TextImage) =>
  onGrayInNode<number>(join(__dirname, 'lone-specks.mjs'), 'eraseLoneSpecks', image);

type Box = { x0: number; y0: number; x1: number; y1: number };

/** The image with dark dots (specks) painted on it. */
function specked(image: TextImage, specks: readonly Box[]): TextImage {
  const gray = new Uint8Array(image.gray);
  for (const box of specks)
    for (let y = box.y0; y < box.y1; y += 1)
      for (let x = box.x0; x < box.x1; x += 1) gray[y * image.width + x] = 90;
  return { ...image, gray };
}

function inkIn(image: { width: number }, gray: Uint8Array, box: Box): number {
  let ink = 0;
  for (let y = box.y0; y < box.y1; y += 1)
    for (let x = box.x0; x < box.x1; x += 1) if (gray[y * image.width + x]! < 150) ink += 1;
  return ink;
}

describe('eraseLoneSpecks', () => {
  // A 300-dpi-like strip: 2550 px wide, so a speck is at most 6 px and needs 15 px of paper.
  const width = 2550;

  it('erases dots alone in the paper between fields', async () => {
    const text = await textImage(width, 240, [
      { text: 'Policy No.: 48.213', x: 60, y: 80, size: 36 },
    ]);
    const lone = [
      { x0: 1200, y0: 60, x1: 1203, y1: 63 },
      { x0: 1800, y0: 150, x1: 1804, y1: 154 },
    ];
    const image = specked(text, lone);

    const { result: erased, gray } = eraseInNode(image);

    expect(erased).toBe(2);
    lone.forEach((box) => expect(inkIn(image, gray, box)).toBe(0));
  });

  it('keeps full stops, decimal points, colons and the dots of i beside their words', async () => {
    const image = await textImage(width, 240, [
      { text: 'Policy No.: 48.213 i.e. final.', x: 60, y: 80, size: 36 },
    ]);

    const { result: erased, gray } = eraseInNode(image);

    expect(erased).toBe(0);
    expect(Buffer.compare(Buffer.from(gray), Buffer.from(image.gray))).toBe(0);
  });

  it('keeps a dot larger than a speck (a bullet) even alone', async () => {
    const text = await textImage(width, 240, [{ text: 'Total', x: 60, y: 80, size: 36 }]);
    const image = specked(text, [{ x0: 1200, y0: 60, x1: 1212, y1: 72 }]);

    const { result: erased } = eraseInNode(image);

    expect(erased).toBe(0);
  });
});
