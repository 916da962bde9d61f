import type { Readable } from 'node:stream';

import * as yauzl from 'yauzl';

import { ProcessingError } from '../errors/processing-error';
import {
  assertDepthAllowed,
  ContainerCaps,
  resolveContainerCaps,
  UnpackedFile,
  UnpackOptions,
} from './container-caps';
import { assertSafeEntryPath, baseName } from './entry-name';

const FLAG_ENCRYPTED = 0x0001;
const METHOD_STORED = 0;
const METHOD_DEFLATED = 8;
const UNIX_FILE_TYPE_MASK = 0o170000;
const UNIX_SYMLINK = 0o120000;
const CENTRAL_DIRECTORY_HEADER = 0x02014b50;

/**
 * Unpacks a zip archive held in memory into its files. Directories are skipped, and so are the
 * AppleDouble files macOS adds under `__MACOSX/` (metadata, never a document).
 *
 * Refused with a ProcessingError: nesting too deep (TOO_DEEP), more entries than allowed
 * (TOO_MANY_ENTRIES), an entry expanding beyond the ratio cap (ZIP_BOMB), more bytes in total
 * than allowed (TOO_LARGE), absolute or `..` paths and symbolic links (UNSAFE_PATH),
 * password-protected entries (ENCRYPTED_ARCHIVE), compression other than stored or deflate
 * (UNSUPPORTED_TYPE), and anything malformed (CORRUPT_FILE).
 */
export async function unpackZip(
  bytes: Uint8Array,
  options: UnpackOptions = {},
): Promise<UnpackedFile[]> {
  const caps = resolveContainerCaps(options.caps);
  assertDepthAllowed(options.depth ?? 0, caps, 'zip archive');
  const zip = await openZip(bytes);
  try {
    // The end-of-central-directory record announces the count; refusing here costs nothing. The
    // loop below counts again because that record can lie.
    assertEntryCount(zip.entryCount, caps);
    const children: UnpackedFile[] = [];
    let entriesSeen = 0;
    let totalBytes = 0;
    for await (const entry of zip.eachEntry()) {
      entriesSeen += 1;
      assertEntryCount(entriesSeen, caps);
      const path = checkEntry(entry, caps, totalBytes);
      if (path === undefined) continue;
      const content = await readEntry(zip, entry, path);
      totalBytes += content.length;
      children.push({ filename: baseName(path), path, bytes: content });
    }
    assertDirectoryFullyRead(zip, bytes);
    return children;
  } catch (error) {
    throw toProcessingError(error);
  } finally {
    zip.close();
  }
}

async function openZip(bytes: Uint8Array): Promise<yauzl.ZipFile> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    // decodeStrings: false so that we validate names ourselves and can report UNSAFE_PATH
    // instead of yauzl's untyped error; validateEntrySizes makes yauzl fail an entry whose
    // actual size differs from the declared one, which our caps rely on.
    return await yauzl.fromBufferPromise(buffer, {
      lazyEntries: true,
      decodeStrings: false,
      validateEntrySizes: true,
      autoClose: false,
    });
  } catch (error) {
    throw toProcessingError(error);
  }
}

/**
 * yauzl reads exactly as many directory entries as the end record announces. An archive whose
 * end record under-counts would have the rest silently ignored (files that other tools would
 * extract); after the last announced entry the next record must be an end record, not another
 * directory entry.
 */
function assertDirectoryFullyRead(zip: yauzl.ZipFile, bytes: Uint8Array): void {
  // The cursor is yauzl's position in the central directory (mistyped as boolean in @types).
  const cursor: unknown = (zip as unknown as { readEntryCursor: unknown }).readEntryCursor;
  if (typeof cursor !== 'number' || cursor + 4 > bytes.length) return;
  const signature = Buffer.from(bytes.buffer, bytes.byteOffset + cursor, 4).readUInt32LE(0);
  if (signature === CENTRAL_DIRECTORY_HEADER) {
    throw new ProcessingError(
      'CORRUPT_FILE',
      'zip archive lists more entries than its end-of-directory record declares',
    );
  }
}

function assertEntryCount(count: number, caps: ContainerCaps): void {
  if (count > caps.maxEntries) {
    throw new ProcessingError(
      'TOO_MANY_ENTRIES',
      `zip archive has more than ${caps.maxEntries} entries`,
      { maxEntries: caps.maxEntries, entryCount: count },
    );
  }
}

/** Validates an entry from its central-directory record; returns its path, or undefined to skip. */
function checkEntry(
  entry: yauzl.Entry,
  caps: ContainerCaps,
  totalSoFar: number,
): string | undefined {
  const rawName = yauzl.getFileNameLowLevel(
    entry.generalPurposeBitFlag,
    entry.fileNameRaw,
    entry.extraFields,
    false,
  );
  const path = assertSafeEntryPath(rawName);
  if (((entry.externalFileAttributes >>> 16) & UNIX_FILE_TYPE_MASK) === UNIX_SYMLINK) {
    throw new ProcessingError('UNSAFE_PATH', `archive entry "${rawName}" is a symbolic link`, {
      path: rawName,
    });
  }
  if (rawName.endsWith('/') || rawName.endsWith('\\')) return undefined;
  if (path === '' || path.startsWith('__MACOSX/')) return undefined;
  if ((entry.generalPurposeBitFlag & FLAG_ENCRYPTED) !== 0) {
    throw new ProcessingError(
      'ENCRYPTED_ARCHIVE',
      `archive entry "${path}" is password-protected`,
      { path },
    );
  }
  if (entry.compressionMethod !== METHOD_STORED && entry.compressionMethod !== METHOD_DEFLATED) {
    throw new ProcessingError(
      'UNSUPPORTED_TYPE',
      `archive entry "${path}" uses compression method ${entry.compressionMethod}; only stored and deflate are supported`,
      { path, compressionMethod: entry.compressionMethod },
    );
  }
  assertRatio(path, entry.uncompressedSize, entry.compressedSize, caps);
  assertTotal(totalSoFar + entry.uncompressedSize, caps);
  return path;
}

function assertRatio(
  path: string,
  uncompressed: number,
  compressed: number,
  caps: ContainerCaps,
): void {
  if (uncompressed < caps.ratioCheckMinBytes) return;
  if (uncompressed > Math.max(compressed, 1) * caps.maxCompressionRatio) {
    throw new ProcessingError(
      'ZIP_BOMB',
      `archive entry "${path}" expands ${Math.round(uncompressed / Math.max(compressed, 1))}-fold; at most ${caps.maxCompressionRatio}-fold is allowed`,
      { path, compressedSize: compressed, uncompressedSize: uncompressed },
    );
  }
}

function assertTotal(total: number, caps: ContainerCaps): void {
  if (total > caps.maxTotalBytes) {
    throw new ProcessingError(
      'TOO_LARGE',
      `archive contents exceed ${caps.maxTotalBytes} bytes in total`,
      { maxTotalBytes: caps.maxTotalBytes },
    );
  }
}

/**
 * Reads one entry, counting bytes as they inflate: the declared sizes passed the caps, so an
 * entry producing more than it declared is stopped at once instead of being inflated to the end
 * (yauzl would notice too, but only after inflating everything).
 */
async function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, path: string): Promise<Buffer> {
  const stream: Readable = await zip.openReadStreamPromise(entry);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > entry.uncompressedSize) {
        throw new ProcessingError(
          'CORRUPT_FILE',
          `archive entry "${path}" is larger than its declared ${entry.uncompressedSize} bytes`,
          { path },
        );
      }
      chunks.push(chunk);
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks, size);
}

function toProcessingError(error: unknown): ProcessingError {
  if (error instanceof ProcessingError) return error;
  const message = error instanceof Error ? error.message : String(error);
  // yauzl rejects strong (certificate) encryption while reading the central directory, before
  // we see the entry's flags.
  if (/encrypt/i.test(message)) {
    return new ProcessingError('ENCRYPTED_ARCHIVE', 'zip archive is encrypted', undefined, {
      cause: error,
    });
  }
  return new ProcessingError('CORRUPT_FILE', `zip archive is malformed: ${message}`, undefined, {
    cause: error,
  });
}
