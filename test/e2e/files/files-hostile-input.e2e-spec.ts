import { apiRequest, createTestOrganization, TestOrganization } from '@docket/testing';

import {
  emailWithParts,
  markEncrypted,
  pdfWithJavaScript,
  textPdf,
  textPng,
  withEntryName,
  zipOf,
} from './support/file-fixtures';
import { FileRecordBody, uploadFile, waitForStatus } from './support/files-api';
import { blobNames, blobsAnywhereContaining } from './support/storage-inspector';

// Uploads are processed asynchronously (rendering, OCR): allow for a loaded machine.
jest.setTimeout(60_000);

const MIB = 1024 * 1024;
// The service's container caps (files.config.ts defaults).
const MAX_ENTRIES = 1000;
const MAX_TOTAL_BYTES = 200 * MIB;
const MAX_MIME_PARTS = 100;

interface HostileCase {
  name: string;
  filename: string;
  build: () => Promise<Buffer>;
  code: string;
}

function tinyEntries(count: number): { name: string; data: Buffer }[] {
  return Array.from({ length: count }, (_, i) => ({
    name: `note-${i}.txt`,
    data: Buffer.from(`${i}`),
  }));
}

const CASES: HostileCase[] = [
  {
    name: 'a zip bomb (one entry expanding 20 MiB of zeros, ratio far above 100)',
    filename: 'bomb.zip',
    build: () => zipOf([{ name: 'zeros.pdf', data: Buffer.alloc(20 * MIB) }]),
    code: 'ZIP_BOMB',
  },
  {
    name: 'a zip whose entries add up to more than 200 MiB',
    filename: 'too-big.zip',
    // Each entry stays below 1 MiB, where the ratio check does not apply: only the total cap stops it.
    build: () =>
      zipOf(
        Array.from({ length: MAX_TOTAL_BYTES / MIB + 1 }, (_, i) => ({
          name: `part-${i}.bin`,
          data: Buffer.alloc(MIB - 1),
        })),
      ),
    code: 'TOO_LARGE',
  },
  {
    name: 'a zip with 10,000 entries',
    filename: 'many.zip',
    build: () => zipOf(tinyEntries(10_000)),
    code: 'TOO_MANY_ENTRIES',
  },
  {
    name: 'a zip with one entry more than allowed',
    filename: 'one-too-many.zip',
    build: () => zipOf(tinyEntries(MAX_ENTRIES + 1)),
    code: 'TOO_MANY_ENTRIES',
  },
  {
    name: 'a zip entry escaping with ../',
    filename: 'traversal.zip',
    build: async () =>
      withEntryName(
        await zipOf([{ name: 'aa/escape-dotdot.pdf', data: Buffer.from('x') }]),
        'aa/escape',
        '../escape',
      ),
    code: 'UNSAFE_PATH',
  },
  {
    name: 'a zip entry with an absolute path',
    filename: 'absolute.zip',
    build: async () =>
      withEntryName(
        await zipOf([{ name: 'tmp/escape-absolute.pdf', data: Buffer.from('x') }]),
        'tmp/',
        '/tmp',
      ),
    code: 'UNSAFE_PATH',
  },
  {
    name: 'a zip with a symbolic link',
    filename: 'symlink.zip',
    build: () =>
      zipOf([{ name: 'escape-link.pdf', data: Buffer.from('/etc/passwd'), mode: 0o120777 }]),
    code: 'UNSAFE_PATH',
  },
  {
    name: 'a password-protected zip',
    filename: 'locked.zip',
    build: async () =>
      markEncrypted(await zipOf([{ name: 'secret.pdf', data: await textPdf(['secret']) }])),
    code: 'ENCRYPTED_ARCHIVE',
  },
  {
    name: 'a truncated PDF',
    filename: 'truncated.pdf',
    build: async () => {
      const pdf = await textPdf(['This document was cut off in transit', 'page two']);
      return pdf.subarray(0, Math.floor(pdf.length / 2));
    },
    code: 'CORRUPT_FILE',
  },
  {
    name: 'a PDF that declares JavaScript',
    filename: 'script.pdf',
    build: pdfWithJavaScript,
    code: 'ACTIVE_CONTENT',
  },
  {
    name: 'a .pdf that is really a PNG',
    filename: 'disguised.pdf',
    build: () => textPng(['not a pdf']),
    code: 'MAGIC_MISMATCH',
  },
  {
    name: 'an e-mail with hundreds of MIME parts',
    filename: 'parts.eml',
    build: async () => emailWithParts(300),
    code: 'TOO_MANY_PARTS',
  },
  {
    name: 'an e-mail with one MIME part more than allowed',
    filename: 'parts-101.eml',
    build: async () => emailWithParts(MAX_MIME_PARTS), // the message itself is a part too
    code: 'TOO_MANY_PARTS',
  },
];

describe('files: hostile input ends FAILED with a reason, and the service keeps answering', () => {
  let org: TestOrganization;
  const results = new Map<string, FileRecordBody>();

  beforeAll(async () => {
    org = await createTestOrganization();
    // Every body is built before the first request: building a zip bomb keeps the CPU busy.
    const bodies = await Promise.all(CASES.map((c) => c.build()));
    await Promise.all(
      CASES.map(async (c, index) => {
        results.set(
          c.name,
          await uploadFile(
            org.admin.token,
            org.workspaceId,
            c.filename,
            bodies[index],
            {},
            120_000,
          ),
        );
      }),
    );
  }, 240_000);

  it.each(CASES.map((c) => [c.name, c] as const))('%s', (_, c) => {
    const file = results.get(c.name)!;
    expect({ status: file.status, failureCode: file.failureCode }).toEqual({
      status: 'FAILED',
      failureCode: c.code,
    });
    expect(file.failureReason).toEqual(expect.any(String));
    expect(file.failureReason!.length).toBeGreaterThan(10);
    expect(file.children).toEqual([]);
  });

  it('wrote nothing outside the organization container, and only its own files inside', async () => {
    expect(await blobsAnywhereContaining('escape')).toEqual([]);
    const names = await blobNames(org.organizationId);
    const fileIds = new Set([...results.values()].map((f) => f.fileId));
    for (const name of names) {
      const [root, fileId] = name.split('/');
      expect(root).toBe('files');
      expect(fileIds.has(fileId)).toBe(true);
    }
  });

  it('accepts containers at the limits: 1000 entries and 100 MIME parts', async () => {
    const zip = await uploadFile(
      org.admin.token,
      org.workspaceId,
      'at-limit.zip',
      await zipOf(tinyEntries(MAX_ENTRIES)),
      {},
      120_000,
    );
    expect(zip.status).toBe('READY');
    expect(zip.children).toHaveLength(MAX_ENTRIES);
    expect(new Set(zip.children.map((c) => c.status))).toEqual(new Set(['UNSUPPORTED']));
    const mail = await uploadFile(
      org.admin.token,
      org.workspaceId,
      'parts-100.eml',
      emailWithParts(MAX_MIME_PARTS - 1),
    );
    expect(mail.status).toBe('READY');
  }, 120_000);

  it('still answers and processes a normal file afterwards', async () => {
    const health = await apiRequest('GET', `/files/${results.get(CASES[0].name)!.fileId}`, {
      token: org.admin.token,
    });
    expect(health.status).toBe(200);
    const png = await uploadFile(
      org.admin.token,
      org.workspaceId,
      'after.png',
      await textPng(['STILL WORKING']),
    );
    expect(png).toMatchObject({ status: 'READY', pageCount: 1 });
    const ready = await waitForStatus(org.admin.token, png.fileId);
    expect(ready.failureReason).toBeNull();
  }, 60_000);
});
