import { ProcessingError } from '../errors/processing-error';

export interface ImageDimensions {
  readonly width: number;
  readonly height: number;
}

// JPEG start-of-frame markers (baseline, progressive, lossless...): C0-CF except C4 (Huffman
// tables), C8 (reserved) and CC (arithmetic coding conditioning).
const JPEG_FRAME_MARKERS = new Set([
  0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf,
]);

/**
 * Reads the pixel size from a PNG or JPEG header without decoding anything, so that an image
 * claiming 100,000 x 100,000 pixels (a decompression bomb in 100 KB) is refused before a decoder
 * allocates for it.
 */
export function readImageDimensions(kind: 'png' | 'jpeg', bytes: Uint8Array): ImageDimensions {
  const dimensions = kind === 'png' ? pngDimensions(bytes) : jpegDimensions(bytes);
  if (dimensions === undefined || dimensions.width === 0 || dimensions.height === 0) {
    throw new ProcessingError('CORRUPT_FILE', `the ${kind.toUpperCase()} header is damaged`);
  }
  return dimensions;
}

export function assertPixelCap(dimensions: ImageDimensions, maxPixels: number): void {
  if (dimensions.width * dimensions.height > maxPixels) {
    throw new ProcessingError(
      'TOO_LARGE',
      `the image is ${dimensions.width} x ${dimensions.height} pixels; at most ${maxPixels} pixels per page are processed`,
      { ...dimensions, maxPixels },
    );
  }
}

function pngDimensions(bytes: Uint8Array): ImageDimensions | undefined {
  // Signature (8), chunk length (4), "IHDR" (4), width (4), height (4).
  if (bytes.length < 24) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR') return undefined;
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

function jpegDimensions(bytes: Uint8Array): ImageDimensions | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 2; // after the start-of-image marker
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return undefined;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    // Markers without a length: TEM and the restart markers.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    const length = view.getUint16(offset + 2);
    if (JPEG_FRAME_MARKERS.has(marker)) {
      if (offset + 9 > bytes.length) return undefined;
      return { height: view.getUint16(offset + 5), width: view.getUint16(offset + 7) };
    }
    if (length < 2) return undefined;
    offset += 2 + length;
  }
  return undefined;
}
