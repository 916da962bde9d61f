import { join } from 'node:path';

import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';

import { darkestPixel } from '../testing/image-fixtures';
import { onGrayInNode } from '../testing/runner-module';

interface Mark {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  ticked: boolean;
}

interface Drawn {
  readonly gray: Uint8Array;
  readonly width: number;
  readonly height: number;
}

/** A 1000 x 120 white page drawn by `draw` in black, as 8-bit gray. */
function page(draw: (context: SKRSContext2D) => void): Drawn {
  const width = 1000;
  const height = 120;
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#000000';
  context.strokeStyle = '#000000';
  draw(context);
  const { data } = context.getImageData(0, 0, width, height);
  const gray = new Uint8Array(width * height);
  for (let index = 0; index < gray.length; index += 1) gray[index] = data[index * 4]!;
  return { gray, width, height };
}

/** A square box of side 18 with its top left corner at (x, y), ticked with an X or not. */
function box(context: SKRSContext2D, x: number, y: number, ticked: boolean): void {
  context.lineWidth = 2;
  context.strokeRect(x, y, 18, 18);
  if (!ticked) return;
  context.beginPath();
  context.moveTo(x + 4, y + 4);
  context.lineTo(x + 14, y + 14);
  context.moveTo(x + 14, y + 4);
  context.lineTo(x + 4, y + 14);
  context.stroke();
}

function eraseInNode(drawn: Drawn): { marks: Mark[]; gray: Uint8Array } {
  const { result, gray } = onGrayInNode<Mark[]>(
    join(__dirname, 'selection-marks.mjs'),
    'eraseSelectionMarks',
    drawn,
  );
  return { marks: result, gray };
}

describe('eraseSelectionMarks', () => {
  it('finds a ticked and an empty box, tells them apart and paints only them white', () => {
    const drawn = page((context) => {
      context.font = '20px sans-serif';
      context.fillText('Police Notified', 20, 60);
      box(context, 300, 44, true);
      context.fillText('Yes', 326, 60);
      box(context, 420, 44, false);
      context.fillText('No', 446, 60);
    });

    const { marks, gray } = eraseInNode(drawn);

    expect(marks).toHaveLength(2);
    const [ticked, empty] = [...marks].sort((a, b) => a.x0 - b.x0);
    expect(ticked).toMatchObject({ ticked: true });
    expect(empty).toMatchObject({ ticked: false });
    expect(ticked!.x0).toBeGreaterThanOrEqual(297);
    expect(ticked!.x1).toBeLessThanOrEqual(322);
    expect(empty!.x0).toBeGreaterThanOrEqual(417);
    // The boxes and the X are gone; the words beside them are not.
    expect(darkestPixel(drawn, gray, { x0: 296, y0: 40, x1: 322, y1: 68 })).toBe(255);
    expect(darkestPixel(drawn, gray, { x0: 416, y0: 40, x1: 442, y1: 68 })).toBe(255);
    expect(darkestPixel(drawn, gray, { x0: 326, y0: 40, x1: 360, y1: 68 })).toBeLessThan(100);
    expect(darkestPixel(drawn, gray, { x0: 20, y0: 40, x1: 160, y1: 68 })).toBeLessThan(100);
  });

  it('takes no letter for a box: rounded or open outlines stay for OCR', () => {
    const drawn = page((context) => {
      context.font = 'bold 26px sans-serif';
      context.fillText('O D 0 B H U [ ] #', 20, 70);
    });

    const { marks, gray } = eraseInNode(drawn);

    expect(marks).toEqual([]);
    expect(gray).toEqual(drawn.gray);
  });

  it('takes no box printed against the letters beside it, nor a solid blob', () => {
    const drawn = page((context) => {
      context.font = '20px sans-serif';
      context.fillText('Man', 250, 62);
      const end = 250 + context.measureText('Man').width;
      box(context, end + 1, 44, true);
      context.fillText('hattan', end + 21, 62);
      context.fillRect(700, 44, 18, 18);
    });

    const { marks } = eraseInNode(drawn);

    expect(marks).toEqual([]);
  });

  it('leaves a box whose inside is neither clearly empty nor clearly marked', () => {
    const drawn = page((context) => {
      box(context, 300, 44, false);
      // A speck of a few pixels: not a tick, more than a scan's stray dot.
      context.fillRect(308, 52, 2, 2);
    });

    const { marks } = eraseInNode(drawn);

    expect(marks).toEqual([]);
  });

  it('takes no table cell or letter-sized speck for a box: too large or too small', () => {
    const drawn = page((context) => {
      context.lineWidth = 2;
      context.strokeRect(100, 20, 60, 60);
      context.strokeRect(300, 50, 5, 5);
    });

    const { marks } = eraseInNode(drawn);

    expect(marks).toEqual([]);
  });
});
