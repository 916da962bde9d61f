import { parseDate } from './date-normaliser';

describe('parseDate', () => {
  it.each([
    ['03/14/2024', '2024-03-14'],
    ['3/4/24', '2024-03-04'],
    ['2024-03-14', '2024-03-14'],
    ['March 14, 2024', '2024-03-14'],
    ['Mar. 4 2024', '2024-03-04'],
    ['14 March 2024', '2024-03-14'],
    ['4th of July 2023', '2023-07-04'],
    ['05-Jan-24', '2024-01-05'],
    ['Date of loss: 12.31.2023 at noon', '2023-12-31'],
    // OCR lost the space after the comma.
    ['April 13,2023', '2023-04-13'],
    ['5 March,2024', '2024-03-05'],
    // A fax-like scan's OCR read the comma as a semicolon (draw 7034).
    ['November 26; 2024', '2024-11-26'],
    ['10 December;2024', '2024-12-10'],
  ])('reads %s as %s', (text, iso) => {
    expect(parseDate(text)?.value).toBe(iso);
  });

  it('honours day-first order when configured, and a day above 12 regardless', () => {
    expect(parseDate('03/04/2024', 'DMY')?.value).toBe('2024-04-03');
    expect(parseDate('25/04/2024')?.value).toBe('2024-04-25');
  });

  it('rejects impossible dates', () => {
    expect(parseDate('02/30/2024')).toBeNull();
    expect(parseDate('April 132023')).toBeNull();
    expect(parseDate('13/13/2024')).toBeNull();
    expect(parseDate('no date here')).toBeNull();
  });

  it('repairs OCR letter-for-digit slips with lower quality', () => {
    const parsed = parseDate('O3/14/2O24');
    expect(parsed?.value).toBe('2024-03-14');
    expect(parsed?.quality).toBeLessThan(1);
  });

  it('repairs a month name OCR read with a digit for a letter, with lower quality', () => {
    const parsed = parseDate('08-0ct-2024');
    expect(parsed?.value).toBe('2024-10-08');
    expect(parsed?.notes).toEqual(['OCR month repaired']);
    expect(parseDate('N0v 3, 2023')?.value).toBe('2023-11-03');
    expect(parseDate('Ju1y 4, 2022')?.value).toBe('2022-07-04');
    expect(parseDate('1st floor, 5th st')).toBeNull();
  });

  it('reports the matched span', () => {
    const text = 'Loss on 03/14/2024 reported';
    const parsed = parseDate(text)!;
    expect(text.slice(parsed.start, parsed.end)).toBe('03/14/2024');
  });
});

describe('parseDate on OCR text with a year glyph read twice', () => {
  it('reads the year once, doubted, when only one year can be meant', () => {
    const parsed = parseDate('Jun 14, 20024');
    expect(parsed?.value).toBe('2024-06-14');
    expect(parsed?.quality).toBeLessThan(0.7);
    expect(parsed?.notes).toEqual(['OCR year repaired']);
  });

  it('leaves five digits that are no year with a doubled glyph alone', () => {
    expect(parseDate('Jun 14, 20245')).toBeNull();
    expect(parseDate('Ref 12345')).toBeNull();
  });
});
