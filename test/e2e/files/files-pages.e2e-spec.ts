import { apiRequest, createTestOrganization, TestOrganization } from '@docket/testing';

import { scannedPdf, textPdf } from './support/file-fixtures';
import { apiErrorOf, FileRecordBody, uploadFile } from './support/files-api';

// Uploads are processed asynchronously (rendering, OCR): allow for a loaded machine.
jest.setTimeout(60_000);

interface PageRecord {
  pageNumber: number;
  documentId: string;
  width: number;
  height: number;
  imageUrl: string;
  textSource: string;
}
interface PagesBody {
  success: boolean;
  message: string;
  data: PageRecord[];
  page: number;
  limit: number;
  totalCount: number;
  totalPages: number;
}
interface WordsBody {
  success: boolean;
  pageNumber: number;
  documentId: string;
  source: string;
  words: {
    text: string;
    box: { x: number; y: number; width: number; height: number };
    confidence: number;
  }[];
}

const PAGE_COUNT = 23;

describe('files: pages, words and download of a processed PDF', () => {
  let org: TestOrganization;
  let pdf: Buffer;
  let file: FileRecordBody;

  beforeAll(async () => {
    org = await createTestOrganization();
    pdf = await textPdf(
      Array.from({ length: PAGE_COUNT }, (_, i) => `Claim page ${i + 1} of policy 4711`),
    );
    file = await uploadFile(org.admin.token, org.workspaceId, 'claim-bundle.pdf', pdf);
  }, 120_000);

  it('reaches READY with its pages counted and one document spanning them', () => {
    expect(file.status).toBe('READY');
    expect(file.failureReason).toBeNull();
    expect(file.pageCount).toBe(PAGE_COUNT);
    expect(file.size).toBe(pdf.length);
    expect(file.mimeType).toBe('application/pdf');
    expect(file.documents).toEqual([
      expect.objectContaining({ firstPage: 1, lastPage: PAGE_COUNT, pageCount: PAGE_COUNT }),
    ]);
  });

  it('downloads the exact bytes under the original file name', async () => {
    const response = await fetch(file.downloadUrl!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('claim-bundle.pdf');
    expect(Buffer.from(await response.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it('pages through the page images with the default and a chosen limit', async () => {
    const first = await apiRequest<PagesBody>('GET', `/files/${file.fileId}/pages`, {
      token: org.admin.token,
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      success: true,
      page: 1,
      limit: 20,
      totalCount: PAGE_COUNT,
      totalPages: 2,
    });
    expect(first.body.data.map((p) => p.pageNumber)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );

    const second = await apiRequest<PagesBody>(
      'GET',
      `/files/${file.fileId}/pages?page=2&limit=20`,
      {
        token: org.admin.token,
      },
    );
    expect(second.body.data.map((p) => p.pageNumber)).toEqual([21, 22, 23]);

    const small = await apiRequest<PagesBody>('GET', `/files/${file.fileId}/pages?page=3&limit=5`, {
      token: org.admin.token,
    });
    expect(small.body.data.map((p) => p.pageNumber)).toEqual([11, 12, 13, 14, 15]);
    expect(small.body.totalPages).toBe(5);

    const page = first.body.data[0];
    expect(page.documentId).toBe(file.documents[0].documentId);
    expect(page.textSource).toBe('pdf-text');
    // US Letter at 150 dpi.
    expect(page).toMatchObject({ width: 1275, height: 1650 });
    const image = await fetch(page.imageUrl);
    expect(image.status).toBe(200);
    const png = Buffer.from(await image.arrayBuffer());
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  it('accepts limit 1 and 100 and page 10000, refuses 0, 101 and 10001', async () => {
    const ask = (query: string) =>
      apiRequest<PagesBody>('GET', `/files/${file.fileId}/pages?${query}`, {
        token: org.admin.token,
      });
    expect((await ask('limit=1')).body.data).toHaveLength(1);
    expect((await ask('limit=100')).body.data).toHaveLength(PAGE_COUNT);
    const far = await ask('page=10000');
    expect(far.status).toBe(200);
    expect(far.body.data).toEqual([]);
    expect(far.body.totalCount).toBe(PAGE_COUNT);
    for (const bad of ['limit=0', 'limit=101', 'page=0', 'page=10001', 'page=x', 'limit=1.5']) {
      const response = await ask(bad);
      expect({
        bad,
        status: response.status,
        code: apiErrorOf(response).code,
      }).toEqual({
        bad,
        status: 400,
        code: 'VALIDATION_FAILED',
      });
    }
  });

  it('filters pages by document and refuses an unknown document', async () => {
    const documentId = file.documents[0].documentId;
    const filtered = await apiRequest<PagesBody>(
      'GET',
      `/files/${file.fileId}/pages?documentId=${documentId}`,
      {
        token: org.admin.token,
      },
    );
    expect(filtered.body.totalCount).toBe(PAGE_COUNT);
    const unknown = await apiRequest(
      'GET',
      `/files/${file.fileId}/pages?documentId=${crypto.randomUUID()}`,
      {
        token: org.admin.token,
      },
    );
    expect(unknown.status).toBe(404);
  });

  it("reads a page's words from the PDF text with boxes inside the page", async () => {
    const response = await apiRequest<WordsBody>('GET', `/files/${file.fileId}/pages/7/words`, {
      token: org.admin.token,
    });
    expect(response.status).toBe(200);
    expect(response.body.source).toBe('pdf-text');
    expect(response.body.words.map((w) => w.text)).toEqual([
      'Claim',
      'page',
      '7',
      'of',
      'policy',
      '4711',
    ]);
    for (const word of response.body.words) {
      expect(word.confidence).toBe(1);
      // The API's one box format: {x, y, width, height}, fractions of the page.
      const { x, y, width, height } = word.box;
      expect(0 <= x && 0 < width && x + width <= 1).toBe(true);
      expect(0 <= y && 0 < height && y + height <= 1).toBe(true);
    }
    // The line's baseline sits about 92 pt below the top of a 792 pt page.
    const first = response.body.words[0].box;
    expect(first.y + first.height).toBeCloseTo(92 / 792, 1);
  });

  it('answers 404 for a page past the end and 400 for a malformed page number', async () => {
    const past = await apiRequest('GET', `/files/${file.fileId}/pages/${PAGE_COUNT + 1}/words`, {
      token: org.admin.token,
    });
    expect(past.status).toBe(404);
    for (const bad of ['0', '-1', 'one', '1.5']) {
      const response = await apiRequest('GET', `/files/${file.fileId}/pages/${bad}/words`, {
        token: org.admin.token,
      });
      expect(response.status).toBe(400);
    }
  });

  it('gives a scanned page OCR words with confidence', async () => {
    const scan = await scannedPdf(['INVOICE NUMBER 98765', 'TOTAL AMOUNT 1200 EUR']);
    const scanned = await uploadFile(
      org.admin.token,
      org.workspaceId,
      'scan.pdf',
      scan,
      {},
      120_000,
    );
    expect(scanned.status).toBe('READY');
    const response = await apiRequest<WordsBody>('GET', `/files/${scanned.fileId}/pages/1/words`, {
      token: org.admin.token,
    });
    expect(response.body.source).toBe('ocr');
    const texts = response.body.words.map((w) => w.text);
    expect(texts).toEqual(
      expect.arrayContaining(['INVOICE', 'NUMBER', '98765', 'TOTAL', 'AMOUNT']),
    );
    for (const word of response.body.words) {
      expect(word.confidence).toBeGreaterThan(0);
      expect(word.confidence).toBeLessThanOrEqual(1);
    }
  }, 150_000);
});
