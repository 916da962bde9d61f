import { parseBoolean } from './boolean-normaliser';
import { parseEnum } from './enum-normaliser';
import { parseScalar } from './scalar-value.parser';
import { normaliseString } from './string-normaliser';

describe('parseBoolean', () => {
  it('reads words and tick boxes', () => {
    expect(parseBoolean('Yes')?.value).toBe(true);
    expect(parseBoolean('no')?.value).toBe(false);
    expect(parseBoolean('[X] filed')?.value).toBe(true);
    expect(parseBoolean('\u2610')?.value).toBe(false);
    expect(parseBoolean('maybe')).toBeNull();
  });

  it('reads the option beside the ticked box, before or after it', () => {
    expect(parseBoolean('[ ] Yes [X] No')?.value).toBe(false);
    expect(parseBoolean('[X] Yes [ ] No')?.value).toBe(true);
    expect(parseBoolean('\u2610 Yes \u2612 No')?.value).toBe(false);
    expect(parseBoolean('Yes [X] No [ ]')?.value).toBe(true);
    expect(parseBoolean('Yes \u2610 No \u2612')?.value).toBe(false);
    const read = parseBoolean('[ ] Yes [X] No')!;
    expect('[ ] Yes [X] No'.slice(read.start, read.end)).toBe('[X] No');
  });

  it('leaves options with no box ticked unanswered, and reads one empty box as no', () => {
    expect(parseBoolean('[ ] Yes [ ] No')).toBeNull();
    expect(parseBoolean('[ ] Yes')?.value).toBe(false);
  });
});

describe('parseEnum', () => {
  const options = [
    { value: 'Water Damage', synonyms: ['flood'] },
    { value: 'Water' },
    { value: 'Theft', synonyms: ['stolen'] },
  ];

  it('prefers the longest matching option and maps synonyms', () => {
    expect(parseEnum('water damage in kitchen', options)?.value).toBe('Water Damage');
    expect(parseEnum('vehicle stolen', options)?.value).toBe('Theft');
  });

  it('tolerates an OCR slip but not a different word', () => {
    expect(parseEnum('Thefl', options)?.value).toBe('Theft');
    expect(parseEnum('Tent', options)).toBeNull();
    expect(parseEnum('Waler Damage', options)?.value).toBe('Water Damage');
  });
});

describe('parseScalar for strings', () => {
  it('takes the pattern match out of the text', () => {
    const parsed = parseScalar('PA-2024-000123 (auto)', {
      key: 'policy_number',
      type: 'string',
      patterns: ['[A-Z]{2}-\\d{4}-\\d{6}'],
    });
    expect(parsed?.value).toBe('PA-2024-000123');
    expect(parsed?.quality).toBe(1);
  });

  it('keeps a non-matching value with low quality', () => {
    const parsed = parseScalar('unknown', {
      key: 'policy_number',
      type: 'string',
      patterns: ['\\d{6}'],
    });
    expect(parsed?.value).toBe('unknown');
    expect(parsed?.quality).toBeLessThan(0.7);
  });

  it('leaves out a word of punctuation after the value, and keeps a full stop touching it', () => {
    expect(parseScalar('23-83931-CN .', { key: 'claim_number', type: 'string' })?.value).toBe(
      '23-83931-CN',
    );
    expect(parseScalar('Acme Roofing - ,', { key: 'payee', type: 'string' })?.value).toBe(
      'Acme Roofing',
    );
    expect(parseScalar('Acme Roofing Inc.', { key: 'payee', type: 'string' })?.value).toBe(
      'Acme Roofing Inc.',
    );
  });

  it('leaves out words of marks alone before the value, and keeps its own signs', () => {
    const read = (text: string) => parseScalar(text, { key: 'carrier', type: 'string' });
    expect(read('+ Northgate Property & Casualty')?.value).toBe('Northgate Property & Casualty');
    const text = ': « [ INV/91989';
    const parsed = read(text)!;
    expect(text.slice(parsed.start, parsed.end)).toBe('INV/91989');
    expect(read('$ 250 flat')?.value).toBe('$ 250 flat');
    expect(read('(555) 201-3344')?.value).toBe('(555) 201-3344');
    expect(read('@ $3,015.00')?.value).toBe('@ $3,015.00');
    expect(read('☑ BEADED BORDER')?.value).toBe('☑ BEADED BORDER');
  });

  it('leaves out a quote glued to the value that it never closes, and keeps quoted phrases', () => {
    const read = (text: string) => parseScalar(text, { key: 'insured', type: 'string' });
    expect(read("'Maria Schwartz")?.value).toBe('Maria Schwartz');
    expect(read('‘Maria Schwartz')?.value).toBe('Maria Schwartz');
    expect(read('"Blue Ridge" Holdings')?.value).toBe('"Blue Ridge" Holdings');
    expect(read("O'Brien Logistics")?.value).toBe("O'Brien Logistics");
    expect(read('‘9352 Cedar Ln, Tacoma, WA 98402')?.value).toBe('9352 Cedar Ln, Tacoma, WA 98402');
    // A year cut to two digits keeps its apostrophe.
    expect(read("'94")?.value).toBe("'94");
  });

  it('reads punctuation OCR misread where the value’s shape says what was printed', () => {
    const read = (text: string) => parseScalar(text, { key: 'signed_by', type: 'string' });
    expect(read('J, S. Wigand')?.value).toBe('J. S. Wigand');
    expect(read('370,000,00')?.value).toBe('370,000.00');
  });

  it('treats printed placeholders as no value', () => {
    for (const text of ['N/A', 'none', '—', ': n/a']) {
      expect(parseScalar(text, { key: 'vin', type: 'string' })).toBeNull();
      expect(parseScalar(text, { key: 'deductible', type: 'money' })).toBeNull();
    }
    expect(parseScalar('Nancy', { key: 'name', type: 'string' })?.value).toBe('Nancy');
  });

  it('strips separator punctuation and applies normalisation', () => {
    expect(
      parseScalar(': jane  roe', { key: 'name', type: 'string', normalise: { case: 'title' } })
        ?.value,
    ).toBe('Jane Roe');
    expect(normaliseString('AB 12-34', { removeCharacters: ' -' })).toBe('AB1234');
  });
});

describe('parseScalar, a street address', () => {
  it('reads a suffix OCR misread by a look-alike letter as the standard suffix', () => {
    const read = parseScalar('6985 Park PI, Raleigh, NC 27601', {
      key: 'loss_location',
      type: 'string',
    });
    expect(read?.value).toBe('6985 Park Pl, Raleigh, NC 27601');
    expect(read?.notes).toEqual(['street suffix read by its standard']);
    expect(parseScalar('Project PI', { key: 'role', type: 'string' })?.value).toBe('Project PI');
  });

  it('reads a state code OCR misread by a look-alike as the standard code, before the ZIP', () => {
    // A harsh scan of draw 7029: "Boise, 1D 83702".
    const field = { key: 'loss_location', type: 'string' } as const;
    const read = parseScalar('4632 Park PI, Boise, 1D 83702', field);
    expect(read?.value).toBe('4632 Park Pl, Boise, ID 83702');
    expect(read?.notes).toEqual([
      'street suffix read by its standard',
      'state code read by its standard',
    ]);
    expect(parseScalar('12 Main St, Toledo, 0H 43604', field)?.value).toBe(
      '12 Main St, Toledo, OH 43604',
    );
    // A code that is one already, or a pair of digits no state reads as, stays as printed.
    expect(parseScalar('12 Main St, Austin, TX 78701', field)?.notes).toEqual([]);
    expect(parseScalar('Unit 4, 12 83702', field)?.value).toBe('Unit 4, 12 83702');
  });
});

describe('parseScalar, a figure read as text', () => {
  const text = { key: 'concentration', type: 'string' } as const;

  it("keeps a lone point or minus sign before a digit, the figure's own", () => {
    expect(parseScalar('.025', text)?.value).toBe('.025');
    expect(parseScalar(': .88', text)?.value).toBe('.88');
    expect(parseScalar(':-14,165.00', text)?.value).toBe('-14,165.00');
  });

  it('drops separators, and a leader run into the figure', () => {
    expect(parseScalar('....5,000', text)?.value).toBe('5,000');
    expect(parseScalar('- 5,000', text)?.value).toBe('5,000');
    expect(parseScalar(': - Acme Inc.', text)?.value).toBe('Acme Inc.');
    expect(parseScalar('._.5', text)?.value).toBe('5');
  });
});
