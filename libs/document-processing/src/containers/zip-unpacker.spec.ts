import { randomBytes } from 'node:crypto';

import { claimEntryCount, markEncrypted, replaceName, zipOf } from '../testing/zip-fixtures';
import { DEFAULT_CONTAINER_CAPS } from './container-caps';
import { unpackZip } from './zip-unpacker';

const MIB = 1024 * 1024;
const pdfBytes = Buffer.from('%PDF-1.7\n%%EOF\n');

describe('unpackZip', () => {
  it('returns the files with their paths, skipping directories and macOS metadata', async () => {
    const zip = await zipOf([
      { name: 'claims/2024/form.pdf', data: pdfBytes },
      { name: 'photo.jpg', data: Buffer.from([0xff, 0xd8, 0xff, 0xe0]), compress: false },
      { name: '__MACOSX/claims/._form.pdf', data: Buffer.from('apple double') },
    ]);

    const children = await unpackZip(zip);

    expect(children.map(({ filename, path, bytes }) => ({ filename, path, bytes }))).toEqual([
      { filename: 'form.pdf', path: 'claims/2024/form.pdf', bytes: pdfBytes },
      { filename: 'photo.jpg', path: 'photo.jpg', bytes: Buffer.from([0xff, 0xd8, 0xff, 0xe0]) },
    ]);
    expect(children[0]!.declaredMimeType).toBeUndefined();
  });

  it('unpacks an empty archive to nothing', async () => {
    await expect(unpackZip(await zipOf([]))).resolves.toEqual([]);
  });

  it('refuses an entry that expands beyond the compression-ratio cap (zip bomb)', async () => {
    const zip = await zipOf([{ name: 'zeros.pdf', data: Buffer.alloc(20 * MIB) }]);
    expect(zip.length).toBeLessThan(100 * 1024);

    await expect(unpackZip(zip)).rejects.toMatchObject({
      name: 'ProcessingError',
      code: 'ZIP_BOMB',
      details: { path: 'zeros.pdf', uncompressedSize: 20 * MIB },
    });
  });

  it('allows small entries to compress well below the ratio grace size', async () => {
    const zip = await zipOf([{ name: 'blank.tif', data: Buffer.alloc(512 * 1024) }]);
    const [child] = await unpackZip(zip);
    expect(child!.bytes.length).toBe(512 * 1024);
  });

  it('refuses archives whose total uncompressed size exceeds the cap', async () => {
    // Random data does not compress: no entry trips the ratio cap, only the total does.
    const zip = await zipOf(
      [1, 2, 3].map((index) => ({ name: `scan-${index}.pdf`, data: randomBytes(400 * 1024) })),
    );

    await expect(unpackZip(zip, { caps: { maxTotalBytes: 1 * MIB } })).rejects.toMatchObject({
      code: 'TOO_LARGE',
      details: { maxTotalBytes: MIB },
    });
    await expect(unpackZip(zip, { caps: { maxTotalBytes: 2 * MIB } })).resolves.toHaveLength(3);
  });

  it('refuses a zip with 10,000 entries', async () => {
    const zip = await zipOf(
      Array.from({ length: 10_000 }, (_, index) => ({
        name: `f${index}.pdf`,
        data: Buffer.alloc(0),
        compress: false,
      })),
    );

    await expect(unpackZip(zip)).rejects.toMatchObject({
      code: 'TOO_MANY_ENTRIES',
      details: { maxEntries: DEFAULT_CONTAINER_CAPS.maxEntries, entryCount: 10_000 },
    });
  });

  it('refuses an archive whose end-of-central-directory record under-counts its entries', async () => {
    const honest = await zipOf(
      Array.from({ length: 30 }, (_, index) => ({ name: `f${index}.pdf`, data: pdfBytes })),
    );
    const lying = claimEntryCount(honest, 3);

    await expect(unpackZip(lying, { caps: { maxEntries: 10 } })).rejects.toMatchObject({
      code: 'CORRUPT_FILE',
      message: expect.stringContaining('more entries than'),
    });
  });

  it.each([
    ['a parent-directory escape', 'xx/xx/evil.pdf', '../../evil.pdf'],
    ['a nested escape', 'docs/xx/x.pdf', 'docs/../x.pdf'],
    ['a backslash escape', 'xx_evil.pdf', '..\\evil.pdf'],
    ['an absolute path', 'xetc/cron.pdf', '/etc/cron.pdf'],
    ['a drive letter', 'CX/Windows/x.pdf', 'C:/Windows/x.pdf'],
  ])('refuses %s', async (_label, placeholder, hostile) => {
    const zip = replaceName(
      await zipOf([{ name: placeholder, data: pdfBytes }]),
      placeholder,
      hostile,
    );

    await expect(unpackZip(zip)).rejects.toMatchObject({
      code: 'UNSAFE_PATH',
      // Backslashes are read as the separators Windows tools meant them to be.
      details: { path: hostile.replace(/\\/g, '/') },
    });
  });

  it('refuses symbolic links', async () => {
    const zip = await zipOf([
      { name: 'ok.pdf', data: pdfBytes },
      { name: 'link.pdf', data: Buffer.from('/etc/passwd'), mode: 0o120777 },
    ]);

    await expect(unpackZip(zip)).rejects.toMatchObject({
      code: 'UNSAFE_PATH',
      message: expect.stringContaining('symbolic link'),
    });
  });

  it('refuses password-protected entries', async () => {
    const zip = markEncrypted(await zipOf([{ name: 'secret.pdf', data: pdfBytes }]));

    await expect(unpackZip(zip)).rejects.toMatchObject({ code: 'ENCRYPTED_ARCHIVE' });
  });

  it('refuses containers nested deeper than the cap, whatever they contain', async () => {
    const inner = await zipOf([{ name: 'form.pdf', data: pdfBytes }]);
    const outer = await zipOf([{ name: 'inner.zip', data: inner }]);

    const [child] = await unpackZip(outer, { depth: 0 });
    await expect(unpackZip(child!.bytes, { depth: 1 })).resolves.toHaveLength(1);
    await expect(unpackZip(child!.bytes, { depth: 2 })).resolves.toHaveLength(1);
    await expect(unpackZip(child!.bytes, { depth: 3 })).rejects.toMatchObject({
      code: 'TOO_DEEP',
      details: { depth: 3, maxDepth: 3 },
    });
    await expect(unpackZip(outer, { depth: 1, caps: { maxDepth: 1 } })).rejects.toMatchObject({
      code: 'TOO_DEEP',
    });
  });

  it('reports damaged archives as corrupt', async () => {
    const zip = await zipOf([{ name: 'form.pdf', data: randomBytes(4096) }]);

    await expect(unpackZip(zip.subarray(0, zip.length - 30))).rejects.toMatchObject({
      code: 'CORRUPT_FILE',
    });
    await expect(unpackZip(Buffer.from('PK\u0003\u0004 not really'))).rejects.toMatchObject({
      code: 'CORRUPT_FILE',
    });
  });

  it('refuses nonsensical caps instead of silently disabling a check', async () => {
    await expect(unpackZip(await zipOf([]), { caps: { maxEntries: Number.NaN } })).rejects.toThrow(
      RangeError,
    );
  });
});
