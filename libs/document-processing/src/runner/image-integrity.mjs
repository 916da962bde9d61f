import zlib from 'node:zlib';

import { RunnerError } from './runner-error.mjs';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_CHANNELS = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/**
 * The native image decoder does not survive every damaged file: a PNG whose compressed data is
 * garbage crashes it with SIGSEGV, which would surface as an unexplained PROCESSING_FAILED. So
 * the structure is checked here, in JavaScript, before the decoder sees the bytes: PNG chunk
 * lengths and CRCs and a complete zlib stream of the expected size; JPEG markers up to the scan
 * and the end-of-image marker. Dimensions are read first so that a size bomb is still reported
 * as TOO_LARGE (its header CRC no longer matches, but its claimed size is the finding).
 * @param {Uint8Array} bytes
 * @param {'png' | 'jpeg'} kind
 * @param {(width: number, height: number) => void} assertPixels
 */
export function assertImageIntact(bytes, kind, assertPixels) {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (kind === 'png') return assertPngIntact(buffer, assertPixels);
  return assertJpegIntact(buffer);
}

function corrupt(reason) {
  return new RunnerError('CORRUPT_FILE', `the image cannot be decoded: ${reason}`);
}

/** @param {Buffer} png @param {(width: number, height: number) => void} assertPixels */
function assertPngIntact(png, assertPixels) {
  if (png.length < 33 || !png.subarray(0, 8).equals(PNG_SIGNATURE)) {
    throw corrupt('the PNG signature or header is missing');
  }
  if (png.toString('latin1', 12, 16) !== 'IHDR') throw corrupt('the PNG does not start with IHDR');
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  assertPixels(width, height);

  const compressed = [];
  let offset = 8;
  let ended = false;
  while (offset + 12 <= png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const end = offset + 12 + length;
    if (end > png.length) throw corrupt(`the ${type} chunk runs past the end of the file`);
    const expected = png.readUInt32BE(end - 4);
    if (zlib.crc32(png.subarray(offset + 4, end - 4)) !== expected) {
      throw corrupt(`the ${type} chunk's checksum does not match`);
    }
    if (type === 'IDAT') compressed.push(png.subarray(offset + 8, end - 4));
    offset = end;
    if (type === 'IEND') {
      ended = true;
      break;
    }
  }
  if (!ended) throw corrupt('the PNG ends before its IEND chunk');
  if (compressed.length === 0) throw corrupt('the PNG has no image data');

  const bitDepth = png[24];
  const channels = PNG_CHANNELS[png[25]];
  if (channels === undefined) throw corrupt(`unknown PNG colour type ${png[25]}`);
  const interlaced = png[28] === 1;
  const rowBytes = Math.ceil((width * channels * bitDepth) / 8) + 1;
  // Adam7 adds at most one filter byte per row of each of its seven passes.
  const maxBytes = rowBytes * height + (interlaced ? 7 * height : 0);
  let inflated;
  try {
    inflated = zlib.inflateSync(Buffer.concat(compressed), { maxOutputLength: maxBytes + 1 });
  } catch (error) {
    throw corrupt(`its compressed data is damaged (${error.message})`);
  }
  if (!interlaced && inflated.length !== rowBytes * height) {
    throw corrupt(`it holds ${inflated.length} bytes of pixels where ${rowBytes * height} belong`);
  }
}

/** @param {Buffer} jpeg */
function assertJpegIntact(jpeg) {
  if (jpeg.length < 4 || jpeg[0] !== 0xff || jpeg[1] !== 0xd8) {
    throw corrupt('the JPEG start-of-image marker is missing');
  }
  let offset = 2;
  for (;;) {
    if (offset + 4 > jpeg.length) throw corrupt('the JPEG ends before its image data');
    if (jpeg[offset] !== 0xff) throw corrupt(`no JPEG marker at byte ${offset}`);
    const marker = jpeg[offset + 1];
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    const length = jpeg.readUInt16BE(offset + 2);
    if (length < 2 || offset + 2 + length > jpeg.length) {
      throw corrupt(`a JPEG segment runs past the end of the file`);
    }
    offset += 2 + length;
    if (marker === 0xda) break; // start of scan: entropy-coded data follows
  }
  if (jpeg.lastIndexOf(Buffer.from([0xff, 0xd9])) < offset) {
    throw corrupt('the JPEG has no end-of-image marker');
  }
}
