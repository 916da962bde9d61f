import { parseCsv, similarity } from './csv-table';

describe('reference tables', () => {
  it('reads quoted fields, doubled quotes and CRLF lines', () => {
    expect(parseCsv('policy,holder\r\n"PN-1","Doe, Jane"\r\nPN-2,"say ""hi"""\n')).toEqual([
      { policy: 'PN-1', holder: 'Doe, Jane' },
      { policy: 'PN-2', holder: 'say "hi"' },
    ]);
  });

  it('scores exact matches 1, near misses high and strangers low', () => {
    expect(similarity('PN-123456', 'pn 123456')).toBe(1);
    expect(similarity('Jane Doe', 'Jane Doe.')).toBe(1);
    expect(similarity('Jane Doe', 'Jane Dae')).toBeGreaterThan(0.6);
    expect(similarity('Jane Doe', 'Robert Smith')).toBeLessThan(0.2);
    expect(similarity('', '')).toBe(0);
  });
});
