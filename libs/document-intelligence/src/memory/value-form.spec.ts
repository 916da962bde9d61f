import {
  cutShortOfForm,
  endsShortOfForm,
  lookAlikeDigitBesideCapital,
  ofAnotherKind,
  oneSlipFromForm,
  opensWithLookAlikeDigit,
  reviewedForm,
  runsPastClosingNumber,
  valueForm,
} from './value-form';

describe('valueForm', () => {
  it('keeps every digit and sign, and each run of letters as its case', () => {
    expect(valueForm('CLM-2024-817111')).toBe('A-9999-999999');
    expect(valueForm('Dawson  Logistics LLC')).toBe('Aa Aa A');
    expect(valueForm('October 12, 2024')).toBe('Aa 99, 9999');
  });
});

describe('endsShortOfForm', () => {
  it('doubts a phrase closing on a shorter number than the reviewed one', () => {
    const reviewed = valueForm('8233 Main St, Richmond, VA 23219');
    expect(endsShortOfForm(valueForm('12 Elm Rd, Tacoma, WA 9840'), reviewed)).toBe(true);
    expect(endsShortOfForm(valueForm('12 Elm Rd, Tacoma, WA'), reviewed)).toBe(true);
    expect(endsShortOfForm(valueForm('12 Elm Rd, Tacoma, WA 98402'), reviewed)).toBe(false);
  });

  it('lets identifiers vary in their digits', () => {
    expect(endsShortOfForm(valueForm('CLM-2024-8171'), valueForm('CLM-2024-817111'))).toBe(false);
    expect(endsShortOfForm(valueForm('PA 2023 304'), valueForm('CLM 2024'))).toBe(false);
  });
});

describe('ofAnotherKind', () => {
  it("doubts an identifier's place that printed an amount or a date", () => {
    const reviewed = valueForm('XLJ1464904');
    expect(ofAnotherKind(valueForm('$5,404.24'), reviewed)).toBe(true);
    expect(ofAnotherKind(valueForm('12/03/2024'), reviewed)).toBe(true);
    expect(ofAnotherKind(valueForm('MQC2133654'), reviewed)).toBe(false);
    expect(ofAnotherKind(valueForm('23-86340-YM'), valueForm('CLM-2022-176059'))).toBe(false);
  });

  it('lets a value of the reviewed kind through', () => {
    expect(ofAnotherKind(valueForm('$1,200.00'), valueForm('$98.10'))).toBe(false);
  });
});

describe('oneSlipFromForm', () => {
  it('finds a letter read as its look-alike digit, or a space OCR put inside', () => {
    expect(oneSlipFromForm('H0547430260', valueForm('HO369606829'))).toBe(true);
    expect(oneSlipFromForm('W0291-45305', valueForm('WO118-20931'))).toBe(true);
    expect(oneSlipFromForm('CLM -2024-371498', valueForm('CLM-2023-120044'))).toBe(true);
  });

  it('finds a separator read as another', () => {
    expect(oneSlipFromForm('(804) 858.9918', valueForm('(212) 555-0147'))).toBe(true);
    expect(oneSlipFromForm('CLM.2024-371498', valueForm('CLM-2023-120044'))).toBe(true);
    expect(oneSlipFromForm('1983) 705-8018', valueForm('(212) 555-0147'))).toBe(true);
    expect(oneSlipFromForm('(804) 858-9918', valueForm('(212) 555-0147'))).toBe(false);
  });

  it("finds the slip whatever case OCR read the reviewed value's letters in", () => {
    expect(oneSlipFromForm('24/26990/ IK', valueForm('24/31702/ih'))).toBe(true);
    expect(oneSlipFromForm('24/26990/IK', valueForm('24/31702/ih'))).toBe(false);
    expect(oneSlipFromForm('Holloway Logistics LLC', valueForm('Dawson LLC'))).toBe(false);
  });

  it('lets a value in the reviewed form, or in another form altogether, be', () => {
    expect(oneSlipFromForm('HO547430260', valueForm('HO369606829'))).toBe(false);
    expect(oneSlipFromForm('BU263-32518', valueForm('PA-2022-379113'))).toBe(false);
    expect(oneSlipFromForm('CLM-2024-8171', valueForm('CLM-2024-817111'))).toBe(false);
  });
});

describe('runsPastClosingNumber', () => {
  const reviewed = valueForm('8233 Main St, Richmond, VA 23219');

  it('doubts a phrase that runs on in words past the closing number', () => {
    expect(
      runsPastClosingNumber(valueForm('318 Elm Ct, Savannah, GA 31401 POLICY NO.'), reviewed),
    ).toBe(true);
  });

  it('lets a phrase closing on its number, or one without such a number, be', () => {
    expect(runsPastClosingNumber(valueForm('318 Elm Ct, Savannah, GA 31401'), reviewed)).toBe(
      false,
    );
    expect(runsPastClosingNumber(valueForm('318 Elm Ct, Savannah'), reviewed)).toBe(false);
    expect(runsPastClosingNumber(valueForm('Unit 4, 12 Elm Rd'), valueForm('Flat 2, Oak Rd'))).toBe(
      false,
    );
  });
});

describe('reviewedForm', () => {
  it('takes a letter OCR read as a digit, or a look-alike, as the reviewer confirmed it', () => {
    expect(reviewedForm('W0291-45305', 'WO291-45305')).toBe(valueForm('WO291-45305'));
    expect(reviewedForm('0L675-49557', 'OL675-49557')).toBe('A999-99999');
    expect(reviewedForm('{747) 315.1516', '(747) 315-1516')).toBe('(999) 999-9999');
  });

  it('keeps what the review wrote otherwise: case, a date, another length', () => {
    expect(reviewedForm('ACME CORP', 'Acme Corp')).toBe('A A');
    expect(reviewedForm('07/15/2024', '2024-07-15')).toBe('99/99/9999');
    expect(reviewedForm('MJIM1941033', 'MJM1941033')).toBe(valueForm('MJIM1941033'));
    expect(reviewedForm('RD113-79461')).toBe('A999-99999');
  });
});

describe('opensWithLookAlikeDigit', () => {
  // A harsh scan of draw 7024 read the invoice number I066819 as 1066819, sure of it.
  it('finds a lead digit OCR reads for a capital where the reviewed value opened with a letter', () => {
    expect(opensWithLookAlikeDigit('1066819', 'A-99999')).toBe(true);
    expect(opensWithLookAlikeDigit('0P-2231', 'AA-9999')).toBe(true);
  });

  it('leaves other lead digits, and values of layouts whose reviewed value opened with one', () => {
    expect(opensWithLookAlikeDigit('22-98312-II', 'A-9999-999999')).toBe(false);
    expect(opensWithLookAlikeDigit('1066819', '9999999')).toBe(false);
    expect(opensWithLookAlikeDigit('I066819', 'A-99999')).toBe(false);
  });
});

describe('lookAlikeDigitBesideCapital', () => {
  // A scan of draw 7025 read HO-74-0582899 as H0-74-0582899 at 0.81, one-shot, straight through.
  it('finds a digit OCR reads for a capital set against a capital', () => {
    expect(lookAlikeDigitBesideCapital('H0-74-0582899')).toBe(true);
    expect(lookAlikeDigitBesideCapital('ZEM0549033')).toBe(true);
  });

  it('leaves figures apart from letters, and other digits beside them', () => {
    expect(lookAlikeDigitBesideCapital('CLM-2024-531351')).toBe(false);
    expect(lookAlikeDigitBesideCapital('PA2022070093')).toBe(false);
    expect(lookAlikeDigitBesideCapital('23-26965-ZL')).toBe(false);
  });
});

describe('cutShortOfForm', () => {
  it('tells a phrase read as a fraction of its words from one a word longer or shorter', () => {
    // A one-shot scan of draw 7033: an address read as its house number alone.
    expect(cutShortOfForm('9999', '9999 Aa Aa, Aa, A 99999')).toBe(true);
    expect(cutShortOfForm('9999 Aa', '9999 Aa Aa, Aa, A 99999')).toBe(true);
    expect(cutShortOfForm('9999 Aa Aa, Aa', '9999 Aa Aa, Aa, A 99999')).toBe(false);
    // Names vary by a word; a short reviewed value is no phrase to be cut short of.
    expect(cutShortOfForm('Aa Aa', 'Aa Aa Aa')).toBe(false);
    expect(cutShortOfForm('Aa', 'Aa Aa')).toBe(false);
  });
});
