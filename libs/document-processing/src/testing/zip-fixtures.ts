import { ZipFile } from 'yazl';

export interface ZipEntryFixture {
  readonly name: string;
  readonly data: Buffer;
  readonly compress?: boolean;
  /** Unix mode including the file type bits (0o120777 is a symbolic link). */
  readonly mode?: number;
}

export function zipOf(entries: readonly ZipEntryFixture[]): Promise<Buffer> {
  const zip = new ZipFile();
  for (const entry of entries) {
    zip.addBuffer(entry.data, entry.name, {
      compress: entry.compress ?? true,
      ...(entry.mode === undefined ? {} : { mode: entry.mode }),
    });
  }
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

/**
 * Replaces a placeholder in every header that carries it. yazl refuses to write unsafe names, so
 * tests write a harmless placeholder of the same length and swap the hostile name in afterwards.
 */
export function replaceName(zip: Buffer, placeholder: string, hostile: string): Buffer {
  if (placeholder.length !== hostile.length) throw new Error('names must have the same length');
  const patched = Buffer.from(zip);
  const from = Buffer.from(placeholder, 'latin1');
  for (let at = patched.indexOf(from); at !== -1; at = patched.indexOf(from, at + 1)) {
    patched.write(hostile, at, 'latin1');
  }
  return patched;
}

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;

/** Sets the "encrypted" flag on every entry, the way a password-protected zip is marked. */
export function markEncrypted(zip: Buffer): Buffer {
  const patched = Buffer.from(zip);
  for (let at = 0; at + 4 <= patched.length; at += 1) {
    const signature = patched.readUInt32LE(at);
    // General purpose flags: offset 6 in a local header, 8 in a central directory header.
    if (signature === LOCAL_HEADER) patched.writeUInt16LE(patched.readUInt16LE(at + 6) | 1, at + 6);
    if (signature === CENTRAL_HEADER)
      patched.writeUInt16LE(patched.readUInt16LE(at + 8) | 1, at + 8);
  }
  return patched;
}

/** Makes the end-of-central-directory record claim `count` entries, whatever is really there. */
export function claimEntryCount(zip: Buffer, count: number): Buffer {
  const patched = Buffer.from(zip);
  const at = patched.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (at === -1 || patched.readUInt32LE(at) !== END_OF_CENTRAL_DIRECTORY)
    throw new Error('no EOCD');
  patched.writeUInt16LE(count, at + 8);
  patched.writeUInt16LE(count, at + 10);
  return patched;
}
