import { dirname, join } from 'node:path';

import { createCanvas, GlobalFonts, SKRSContext2D } from '@napi-rs/canvas';

// A font file that ships with pdfjs-dist, so that drawn text looks the same on every machine
// (containers often have no system fonts at all).
const FONT_FAMILY = 'Fixture Sans';
GlobalFonts.registerFromPath(
  join(
    dirname(require.resolve('pdfjs-dist/package.json')),
    'standard_fonts',
    'LiberationSans-Regular.ttf',
  ),
  FONT_FAMILY,
);

export interface TextLine {
  readonly text: string;
  /** Pixels from the left. */
  readonly x: number;
  /** Baseline, pixels from the top. */
  readonly y: number;
  readonly size: number;
}

export interface TextImage {
  readonly width: number;
  readonly height: number;
  readonly png: Buffer;
  readonly jpeg: Buffer;
  /** 8-bit grayscale pixels, row by row. */
  readonly gray: Uint8Array;
  /** Where each word was drawn, in pixels. */
  readonly words: readonly {
    text: string;
    x0: number;
    x1: number;
    baseline: number;
    size: number;
  }[];
}

/** Black text on white, the way a clean scan looks. */
export async function textImage(
  width: number,
  height: number,
  lines: readonly TextLine[],
): Promise<TextImage> {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#000000';
  const words: { text: string; x0: number; x1: number; baseline: number; size: number }[] = [];
  for (const line of lines) {
    context.font = `${line.size}px "${FONT_FAMILY}"`;
    context.fillText(line.text, line.x, line.y);
    words.push(...wordPositions(context, line));
  }
  const { data } = context.getImageData(0, 0, width, height);
  const gray = new Uint8Array(width * height);
  for (let index = 0; index < gray.length; index += 1) gray[index] = data[index * 4]!;
  return {
    width,
    height,
    // Synchronous encodes: the async ones can segfault when a GC frees the canvas mid-encode.
    png: canvas.encodeSync('png'),
    jpeg: canvas.encodeSync('jpeg', 95),
    gray,
    words,
  };
}

function wordPositions(context: SKRSContext2D, line: TextLine) {
  return [...line.text.matchAll(/\S+/g)].map((match) => {
    const before = context.measureText(line.text.slice(0, match.index)).width;
    const through = context.measureText(line.text.slice(0, match.index + match[0].length)).width;
    return {
      text: match[0],
      x0: line.x + before,
      x1: line.x + through,
      baseline: line.y,
      size: line.size,
    };
  });
}

/** A box of pixels, x1 and y1 exclusive. */
export interface PixelBox {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

/** The darkest gray level inside a box of an image's pixels (255 for paper), clamped to the image. */
export function darkestPixel(
  image: { readonly width: number; readonly height: number },
  gray: Uint8Array,
  box: PixelBox,
): number {
  let min = 255;
  for (let y = Math.max(0, box.y0); y < Math.min(image.height, box.y1); y += 1)
    for (let x = Math.max(0, box.x0); x < Math.min(image.width, box.x1); x += 1)
      min = Math.min(min, gray[y * image.width + x]!);
  return min;
}

export interface TiffPage {
  readonly width: number;
  readonly height: number;
  readonly gray: Uint8Array;
  readonly dpi: number;
}

/**
 * A minimal multi-page TIFF: little-endian, one uncompressed 8-bit grayscale strip per page,
 * with resolution tags. Enough to exercise page splitting and DPI scaling.
 */
export function grayscaleTiff(pages: readonly TiffPage[]): Buffer {
  const ENTRY_COUNT = 10;
  const IFD_SIZE = 2 + ENTRY_COUNT * 12 + 4;
  const chunks: Buffer[] = [];
  const header = Buffer.alloc(8);
  header.write('II', 0, 'latin1');
  header.writeUInt16LE(42, 2);
  header.writeUInt32LE(8, 4);
  chunks.push(header);
  let offset = 8;
  pages.forEach((page, index) => {
    const ifdOffset = offset;
    const resolutionOffset = ifdOffset + IFD_SIZE;
    const dataOffset = resolutionOffset + 8;
    const nextIfd = index === pages.length - 1 ? 0 : dataOffset + page.gray.length;
    const ifd = Buffer.alloc(IFD_SIZE);
    ifd.writeUInt16LE(ENTRY_COUNT, 0);
    const entries: [tag: number, type: number, value: number][] = [
      [256, 4, page.width], // ImageWidth
      [257, 4, page.height], // ImageLength
      [258, 3, 8], // BitsPerSample
      [259, 3, 1], // Compression: none
      [262, 3, 1], // PhotometricInterpretation: black is zero
      [273, 4, dataOffset], // StripOffsets
      [278, 4, page.height], // RowsPerStrip
      [279, 4, page.gray.length], // StripByteCounts
      [282, 5, resolutionOffset], // XResolution (rational, shared with Y)
      [283, 5, resolutionOffset], // YResolution
    ];
    entries.forEach(([tag, type, value], entry) => {
      const at = 2 + entry * 12;
      ifd.writeUInt16LE(tag, at);
      ifd.writeUInt16LE(type, at + 2);
      ifd.writeUInt32LE(1, at + 4);
      if (type === 3) ifd.writeUInt16LE(value, at + 8);
      else ifd.writeUInt32LE(value, at + 8);
    });
    ifd.writeUInt32LE(nextIfd, 2 + ENTRY_COUNT * 12);
    const resolution = Buffer.alloc(8);
    resolution.writeUInt32LE(page.dpi, 0);
    resolution.writeUInt32LE(1, 4);
    chunks.push(ifd, resolution, Buffer.from(page.gray));
    offset = dataOffset + page.gray.length;
  });
  return Buffer.concat(chunks);
}
