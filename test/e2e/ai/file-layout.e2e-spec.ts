import { apiRequest, createTestOrganization, TestOrganization } from '@docket/testing';

import { filledFormPdf } from '../../../libs/document-processing/src/testing/pdf-fixtures';
import { apiErrorOf, FileRecordBody, uploadFile } from '../files/support/files-api';
import { placedPdf } from './support/placed-pdf';

jest.setTimeout(120_000);

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
interface LayoutBody {
  data: Array<{
    pageNumber: number;
    documentId: string | null;
    keyValuePairs: Array<{
      key: { text: string; box: Box };
      value: { text: string; box: Box } | null;
      confidence: number;
    }>;
    tables: Array<{
      rows: number;
      columns: number;
      cells: Array<{ rowIndex: number; columnIndex: number; text: string; isHeader: boolean }>;
    }>;
    readingOrder: Array<{ text: string }>;
  }>;
  page: number;
  limit: number;
  totalCount: number;
  totalPages: number;
}

/** A form the engine has never seen: colon captions, a leader, a caption over its box, a table. */
function formPages(): Promise<Buffer> {
  const notice = [
    { x: 60, y: 50, text: 'NOTICE OF WATER DAMAGE', size: 14 },
    { x: 60, y: 100, text: 'Reference #: WD-88213' },
    { x: 330, y: 100, text: 'Reported on: 02/11/2026' },
    { x: 60, y: 124, text: 'Contact phone .......... (555) 201-7788' },
    { x: 60, y: 160, text: 'Owner of premises', size: 7 },
    { x: 60, y: 170, text: 'Priya Raman', size: 11 },
    { x: 60, y: 230, text: 'Item' },
    { x: 300, y: 230, text: 'Qty' },
    { x: 420, y: 230, text: 'Cost' },
    { x: 60, y: 246, text: 'Drywall panels' },
    { x: 300, y: 246, text: '6' },
    { x: 420, y: 246, text: '$540.00' },
    { x: 60, y: 260, text: 'Carpet pad' },
    { x: 300, y: 260, text: '2' },
    { x: 420, y: 260, text: '$180.00' },
  ];
  const blank = [{ x: 60, y: 60, text: 'Adjuster notes: none' }];
  return placedPdf([notice, blank, blank]);
}

function layout(
  token: string,
  fileId: string,
  query = '',
): ReturnType<typeof apiRequest<LayoutBody>> {
  return apiRequest<LayoutBody>('GET', `/files/${fileId}/layout${query}`, { token });
}

describe('GET /files/{fileId}/layout: a form’s pairs and tables without a schema', () => {
  let org: TestOrganization;
  let other: TestOrganization;
  let file: FileRecordBody;

  beforeAll(async () => {
    [org, other] = await Promise.all([createTestOrganization(), createTestOrganization()]);
    file = await uploadFile(org.admin.token, org.workspaceId, 'water.pdf', await formPages());
    expect(file.status).toBe('READY');
  });

  it('returns the key-value pairs and the table of the first page, with page boxes', async () => {
    const response = await layout(org.admin.token, file.fileId, '?limit=1');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ page: 1, limit: 1, totalCount: 3, totalPages: 3 });
    const [first] = response.body.data;
    expect(first.pageNumber).toBe(1);
    const pairs = first.keyValuePairs.map((p) => [p.key.text, p.value?.text ?? null]);
    expect(pairs).toEqual(
      expect.arrayContaining([
        ['Reference #', 'WD-88213'],
        ['Reported on', '02/11/2026'],
        ['Contact phone', '(555) 201-7788'],
        ['Owner of premises', 'Priya Raman'],
      ]),
    );
    const reference = first.keyValuePairs.find((p) => p.key.text === 'Reference #')!;
    expect(reference.value!.box.x).toBeGreaterThan(reference.key.box.x + reference.key.box.width);
    expect(reference.value!.box.y).toBeCloseTo(100 / 792, 2);
    expect(first.tables).toHaveLength(1);
    const cells = first.tables[0].cells.map((c) => [c.rowIndex, c.columnIndex, c.text, c.isHeader]);
    expect(cells).toEqual(
      expect.arrayContaining([
        [0, 0, 'Item', true],
        [0, 2, 'Cost', true],
        [1, 0, 'Drywall panels', false],
        [2, 2, '$180.00', false],
      ]),
    );
    expect(first.readingOrder[0].text).toBe('NOTICE OF WATER DAMAGE');
  });

  it('pages through the file by page, with limits checked at and past their bounds', async () => {
    const second = await layout(org.admin.token, file.fileId, '?page=2&limit=2');
    expect(second.status).toBe(200);
    expect(second.body.data.map((p) => p.pageNumber)).toEqual([3]);
    expect(second.body.data[0].keyValuePairs).toEqual([
      expect.objectContaining({ key: expect.objectContaining({ text: 'Adjuster notes' }) }),
    ]);
    expect((await layout(org.admin.token, file.fileId, '?limit=20')).status).toBe(200);
    expect((await layout(org.admin.token, file.fileId, '?page=10000')).body.data).toEqual([]);
    for (const query of ['?limit=21', '?limit=0', '?page=0', '?page=10001', '?documentId=x']) {
      const refused = await layout(org.admin.token, file.fileId, query);
      expect(refused.status).toBe(400);
      expect(apiErrorOf(refused).code).toBe('VALIDATION_FAILED');
    }
  });

  it('narrows to one document of the file', async () => {
    const documentId = file.documents[0].documentId;
    const response = await layout(org.admin.token, file.fileId, `?documentId=${documentId}`);
    expect(response.status).toBe(200);
    expect(response.body.totalCount).toBe(file.documents[0].pageCount);
    expect(response.body.data.every((p) => p.documentId === documentId)).toBe(true);
  });

  it('is NOT_FOUND for another organization, as reading the file is', async () => {
    const response = await layout(other.admin.token, file.fileId);
    expect(response.status).toBe(404);
    expect(apiErrorOf(response).code).toBe('NOT_FOUND');
    expect((await layout(org.admin.token, '00000000-0000-4000-8000-000000000000')).status).toBe(
      404,
    );
  });
});

describe('GET /files/{fileId}/layout of a filled fillable PDF form', () => {
  it('pairs the printed captions with the answers typed into the form’s fields', async () => {
    const org = await createTestOrganization();
    const pdf = await filledFormPdf(
      [
        { text: 'PROPERTY LOSS NOTICE', x: 72, y: 720, size: 14 },
        { text: 'Policy number:', x: 72, y: 680, size: 10 },
        { text: 'Date of loss:', x: 330, y: 680, size: 10 },
        { text: 'Police report filed', x: 96, y: 640, size: 10 },
        { text: 'Injuries', x: 260, y: 640, size: 10 },
      ],
      [
        { name: 'policy', value: 'HO-4471-2209', x: 150, y: 675, width: 150, height: 18 },
        { name: 'lossDate', value: '03/14/2026', x: 400, y: 675, width: 120, height: 18 },
        { name: 'police', value: true, x: 72, y: 637, width: 12, height: 12 },
        { name: 'injuries', value: false, x: 236, y: 637, width: 12, height: 12 },
      ],
    );
    const file = await uploadFile(org.admin.token, org.workspaceId, 'notice.pdf', Buffer.from(pdf));
    expect(file.status).toBe('READY');

    const response = await layout(org.admin.token, file.fileId);
    expect(response.status).toBe(200);
    const pairs = response.body.data[0].keyValuePairs.map((p) => [p.key.text, p.value?.text]);
    expect(pairs).toEqual(
      expect.arrayContaining([
        ['Policy number', 'HO-4471-2209'],
        ['Date of loss', '03/14/2026'],
        ['Police report filed', 'checked'],
        ['Injuries', 'unchecked'],
      ]),
    );
  });
});
