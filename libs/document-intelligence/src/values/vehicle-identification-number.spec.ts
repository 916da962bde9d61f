import { parseScalar } from './scalar-value.parser';
import { asksForVin, parseVin, vinShaped } from './vehicle-identification-number';

describe('vehicle identification numbers (ISO 3779)', () => {
  it('tells a word printed in a VIN’s shape, strictly or as OCR may have misread it', () => {
    expect(vinShaped('8DLNUGPSBMDJV52AZ', true)).toBe(true);
    expect(vinShaped('(8DLNUGPSBMDJV52AZ),', true)).toBe(true);
    expect(vinShaped('8DLNUGPSBMDJV52A0', true)).toBe(true);
    expect(vinShaped('8DLNUGPSBMDJVO2AZ', true)).toBe(false);
    expect(vinShaped('8DLNUGPSBMDJVO2AZ', false)).toBe(true);
    expect(vinShaped('12345678901234567', false)).toBe(false);
    expect(vinShaped('8DLNUGPSBMDJV52A', false)).toBe(false);
  });

  it('knows a field asking for a VIN by its label, synonyms or key', () => {
    expect(asksForVin(['VIN'])).toBe(true);
    expect(asksForVin(['Vehicle Identification No.'])).toBe(true);
    expect(asksForVin(['vehicle_id'])).toBe(true);
    expect(asksForVin(['Vehicle Make', 'Invoice Number'])).toBe(false);
    expect(asksForVin(['Provincial ID'])).toBe(false);
  });

  it('reads the letters a VIN never holds as the digits OCR took them for', () => {
    const read = parseVin('8CFYH448R5XCAKCGO');
    expect(read?.value).toBe('8CFYH448R5XCAKCG0');
    expect(read?.quality).toBeGreaterThan(0.8);
    expect(parseVin('5XA3K9DVIRRM9DLXA')).toMatchObject({ value: '5XA3K9DV1RRM9DLXA' });
    // An I may have been a J or an L as well: the repair stays doubted.
    expect(parseVin('5XA3K9DVIRRM9DLXA')!.quality).toBeLessThan(0.7);
  });

  it('keeps a well-formed VIN as printed, at full quality, from among other words', () => {
    const text = 'VIN 1HGCM82633A004352 (verified)';
    const read = parseVin(text);
    expect(read).toMatchObject({ value: '1HGCM82633A004352', quality: 1, notes: [] });
    expect(text.slice(read!.start, read!.end)).toBe('1HGCM82633A004352');
  });

  it('reads a VIN OCR split in two or three pieces as one, never a phrase of words', () => {
    expect(parseVin('MAT 79S54GKGT33R7K')).toMatchObject({
      value: 'MAT79S54GKGT33R7K',
      start: 0,
      end: 18,
      quality: 0.9,
    });
    expect(parseVin('Headlamp assembly R')).toBeNull();
    expect(parseVin('MA T79 S54GK GT33R7K')).toBeNull();
  });

  it('finds no VIN in a token of another length or with other characters', () => {
    expect(parseVin('Z576416')).toBeNull();
    expect(parseVin('1HGCM82633A00435')).toBeNull();
    expect(parseVin('1HGCM82633A0043521')).toBeNull();
    expect(parseVin('1HGCM8263-3A004352')).toBeNull();
  });

  it('parses a plain VIN field by the standard, and doubts text of another shape', () => {
    const field = { key: 'vin', type: 'string', label: 'VIN' } as const;
    expect(parseScalar('AERKDF6KAOB58VAT9', field)).toMatchObject({ value: 'AERKDF6KA0B58VAT9' });
    const odd = parseScalar('Z576416', field);
    expect(odd).toMatchObject({ value: 'Z576416', quality: 0.5 });
  });

  it('leaves a configured pattern in charge, and other string fields alone', () => {
    const patterned = {
      key: 'vin',
      type: 'string',
      label: 'VIN',
      patterns: ['^Z\\d{6}$'],
    } as const;
    expect(parseScalar('Z576416', patterned)).toMatchObject({ value: 'Z576416', quality: 1 });
    const other = { key: 'serial', type: 'string', label: 'Serial' } as const;
    expect(parseScalar('8CFYH448R5XCAKCGO', other)).toMatchObject({
      value: '8CFYH448R5XCAKCGO',
      quality: 1,
    });
  });
});
