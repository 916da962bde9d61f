import { analysePages } from '../layout/analysed-page';
import type { FieldSchema } from '../schema/field-schema.types';
import { makePage } from '../testing/text-page.fixture';
import { extractDocumentFields } from './field-extractor';

/** Rows of captions and answers, two pairs a line, the answers in columns. */
function gridPage(rows: ReadonlyArray<readonly string[]>): ReturnType<typeof makePage> {
  const columns = [72, 177, 306, 411, 471];
  return makePage(
    rows.flatMap((cells, i) =>
      cells.map((text, k) => ({ x: columns[k], y: 140 + 17 * i, text, size: 9 })),
    ),
  );
}

describe('captions the layout paired, guarded from being another field’s value', () => {
  const schema: FieldSchema = {
    fields: [
      { key: 'insured_name', type: 'string', label: 'Insured Name' },
      { key: 'policy_number', type: 'string', label: 'Policy Number' },
    ],
  };

  it('does not guard a "caption" standing in a column of answers', () => {
    const page = gridPage([
      ['Date of Notice', '01-Mar-2024', 'Daytime Phone', '(270) 282-9912'],
      ['Policy #', 'HO642856750', 'Police Called', 'Yes', 'Officer Diaz'],
      ['Name of Insured', 'Priya Kim', 'Peril', 'Theft'],
      ['DOL', '29-Feb-2024', 'Incident Location', '2151 Mill Rd, Savannah, GA 31401'],
    ]);
    const [analysed] = analysePages([page]);
    const keys = analysed.layout.keyValuePairs.map((p) => p.key.text);
    // The layout reads the answer as a caption over the line below; the field still reads it.
    expect(keys).toContain('Priya Kim');
    const fields = extractDocumentFields({ pages: [page] }, schema);
    expect(fields.find((f) => f.key === 'insured_name')?.value).toBe('Priya Kim');
  });

  it('still guards a caption of a band of captions over their answers', () => {
    const page = makePage([
      { x: 72, y: 100, text: 'Name of Insured' },
      { x: 300, y: 100, text: 'End Date' },
      { x: 72, y: 116, text: 'Fatima Whitaker' },
      { x: 300, y: 116, text: '11/29/24' },
      { x: 72, y: 140, text: 'Line' },
      { x: 300, y: 140, text: 'Producer' },
      { x: 72, y: 156, text: 'Commercial Auto' },
      { x: 300, y: 156, text: 'Lisa Ferguson' },
    ]);
    const fields = extractDocumentFields({ pages: [page] }, schema);
    expect(fields.find((f) => f.key === 'insured_name')?.value).toBe('Fatima Whitaker');
  });
});
