import { join } from 'node:path';

import { darkestPixel, type TextImage, textImage } from '../testing/image-fixtures';
import { onGrayInNode } from '../testing/runner-module';

/** The eraser in Node itself, as the runner runs it. */
function eraseInNode(image: TextImage): { erased: number; gray: Uint8Array } {
  const { result, gray } = onGrayInNode<number>(
    join(__dirname, 'form-rules.mjs'),
    'eraseFormRules',
    image,
  );
  return { erased: result, gray };
}

type Box = { x0: number; y0: number; x1: number; y1: number };

/** The image with boxes painted a grey level (rules, shading), as a scan has them. */
function painted(image: TextImage, boxes: readonly Box[], level: number): TextImage {
  const gray = new Uint8Array(image.gray);
  for (const box of boxes)
    for (let y = box.y0; y < box.y1; y += 1)
      for (let x = box.x0; x < box.x1; x += 1) gray[y * image.width + x] = level;
  return { ...image, gray };
}

/** Whether the pixels of a box are as they were. */
function unchanged(image: TextImage, gray: Uint8Array, box: Box): boolean {
  for (let y = box.y0; y < box.y1; y += 1)
    for (let x = box.x0; x < box.x1; x += 1)
      if (gray[y * image.width + x] !== image.gray[y * image.width + x]) return false;
  return true;
}

describe('eraseFormRules', () => {
  it('erases an underline but keeps the descenders that touch it and the letters above', async () => {
    const text = await textImage(1600, 120, [
      { text: 'Harper typing jog', x: 40, y: 60, size: 30 },
    ]);
    // A light-grey rule, as old scans have them, through the descenders of p, y and g.
    const image = painted(text, [{ x0: 20, y0: 61, x1: 900, y1: 63 }], 120);

    const { erased, gray } = eraseInNode(image);

    expect(erased).toBeGreaterThan(0);
    // Beyond the words the rule is gone, fringe and all.
    expect(darkestPixel(image, gray, { x0: 400, y0: 58, x1: 900, y1: 66 })).toBe(255);
    // The letters above the rule are untouched (but for a bottom pixel or two where one
    // touches it); the descenders crossing it keep their ink.
    expect(unchanged(image, gray, { x0: 0, y0: 0, x1: 1600, y1: 55 })).toBe(true);
    const typing = text.words.find((word) => word.text === 'typing')!;
    const below = { x0: Math.floor(typing.x0), y0: 63, x1: Math.ceil(typing.x1), y1: 66 };
    expect(darkestPixel(image, gray, below)).toBe(darkestPixel(image, image.gray, below));
    expect(darkestPixel(image, gray, below)).toBeLessThan(128);
  });

  it('erases the lines of a box around a figure and keeps the figure', async () => {
    const text = await textImage(1600, 140, [{ text: '1,234.56', x: 240, y: 80, size: 28 }]);
    const edges = [
      { x0: 200, y0: 30, x1: 500, y1: 32 },
      { x0: 200, y0: 100, x1: 500, y1: 102 },
      { x0: 200, y0: 30, x1: 202, y1: 102 },
      { x0: 498, y0: 30, x1: 500, y1: 102 },
    ];
    const image = painted(text, edges, 40);

    const { gray } = eraseInNode(image);

    for (const edge of edges) expect(darkestPixel(image, gray, edge)).toBe(255);
    expect(unchanged(image, gray, { x0: 205, y0: 35, x1: 495, y1: 97 })).toBe(true);
  });

  it('keeps the inside of a shaded cell: rows of halftone are no rules', async () => {
    const text = await textImage(1600, 160, [
      { text: 'Flue cured fines', x: 260, y: 90, size: 28 },
    ]);
    // Shading as an enlarged halftone looks: alternate rows of grey and paper, under the text.
    const rows = Array.from({ length: 40 }, (_, i) => ({
      x0: 200,
      y0: 50 + 2 * i,
      x1: 800,
      y1: 51 + 2 * i,
    }));
    const shaded = painted(text, rows, 150);
    const image = { ...shaded, gray: shaded.gray.map((v, i) => Math.min(v, text.gray[i]!)) };

    const { gray } = eraseInNode(image);

    expect(unchanged(image, gray, { x0: 200, y0: 62, x1: 800, y1: 118 })).toBe(true);
  });

  it('takes no row through blurred text for a rule, though its letters touch by their halos', async () => {
    const text = await textImage(1600, 100, [
      { text: 'HEMMERLE BIRMINGHAM EEEEEEEE HHHHHHHH', x: 20, y: 60, size: 30 },
    ]);
    // An enlarged scan's grey halo around every stroke, wide enough to join the letters.
    const gray = new Uint8Array(text.gray);
    for (let y = 3; y < text.height - 3; y += 1)
      for (let x = 3; x < text.width - 3; x += 1)
        for (let dy = -3; dy <= 3; dy += 1)
          for (let dx = -3; dx <= 3; dx += 1)
            if (text.gray[(y + dy) * text.width + x + dx]! < 128)
              gray[y * text.width + x] = Math.min(gray[y * text.width + x]!, 170);
    const image = { ...text, gray };

    const { erased } = eraseInNode(image);

    expect(erased).toBe(0);
  });

  it('leaves text without rules as it is, dashes and long words included', async () => {
    const image = await textImage(1600, 100, [
      { text: 'Total - paid — 1,234.56 == MMMMMMMM WWWWWWW mmmmmmm', x: 20, y: 60, size: 28 },
    ]);

    const { erased, gray } = eraseInNode(image);

    expect(erased).toBe(0);
    expect(Buffer.from(gray).equals(Buffer.from(image.gray))).toBe(true);
  });
});
