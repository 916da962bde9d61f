import { parseSearchText } from './search-text.parser';

describe('searchText parser', () => {
  it('keeps plain words as free text', () => {
    expect(parseSearchText('late payment')).toEqual({ words: 'late payment', prefixes: [] });
  });

  it('extracts every prefix of the specification', () => {
    const parsed = parseSearchText(
      'flow:invoice flow-id:f-1 summary:overdue insight:risk field-value:ACME id:x ' +
        'display-id:42 name:claim reviewer:none date:03/14/2025',
    );
    expect(parsed.words).toBe('');
    expect(parsed.prefixes).toEqual([
      { prefix: 'flow', value: 'invoice' },
      { prefix: 'flow-id', value: 'f-1' },
      { prefix: 'summary', value: 'overdue' },
      { prefix: 'insight', value: 'risk' },
      { prefix: 'field-value', value: 'ACME' },
      { prefix: 'id', value: 'x' },
      { prefix: 'display-id', value: '42' },
      { prefix: 'name', value: 'claim' },
      { prefix: 'reviewer', value: 'none' },
      { prefix: 'date', value: '03/14/2025' },
    ]);
  });

  it('combines prefixes with free words and quoted phrases', () => {
    expect(parseSearchText('motor flow:"Invoice Intake" "late payment" ACME')).toEqual({
      words: 'motor "late payment" ACME',
      prefixes: [{ prefix: 'flow', value: 'Invoice Intake' }],
    });
  });

  it('treats unknown prefixes and URLs as free text', () => {
    expect(parseSearchText('note:x https://example.com')).toEqual({
      words: 'note:x https://example.com',
      prefixes: [],
    });
  });

  it('is case-insensitive about prefix names and reports empty values', () => {
    expect(parseSearchText('FLOW:abc reviewer:')).toEqual({
      words: '',
      prefixes: [
        { prefix: 'flow', value: 'abc' },
        { prefix: 'reviewer', value: '' },
      ],
    });
  });

  it('tolerates an unterminated quote', () => {
    expect(parseSearchText('name:"Claim 4')).toEqual({
      words: '',
      prefixes: [{ prefix: 'name', value: 'Claim 4' }],
    });
  });
});
