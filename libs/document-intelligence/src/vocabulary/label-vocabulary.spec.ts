import { captionTokens, fieldPhrases, keyAsPhrase } from './label-vocabulary';

describe('caption vocabulary', () => {
  it('ignores word order and stop words: "Name of the Insured" = "Insured name"', () => {
    expect(captionTokens('Name of the Insured').sort()).toEqual(
      captionTokens('Insured name').sort(),
    );
  });

  it('expands caption abbreviations to the words they stand for', () => {
    expect(captionTokens('Policy No.')).toEqual(captionTokens('Policy number'));
    expect(captionTokens('Claim #')).toEqual(captionTokens('Claim number'));
    expect(captionTokens('Ref Nbr')).toEqual(captionTokens('Reference number'));
    expect(captionTokens('Tel')).toEqual(captionTokens('Phone'));
    expect(captionTokens('DOL').sort()).toEqual(captionTokens('Date of loss').sort());
    expect(captionTokens('Amt')).toEqual(captionTokens('Amount'));
    expect(captionTokens('Qty')).toEqual(captionTokens('Quantity'));
    expect(captionTokens('Desc')).toEqual(captionTokens('Description'));
    expect(captionTokens('VIN')).toEqual(captionTokens('Vehicle identification number'));
    expect(captionTokens('VAT')).toEqual(captionTokens('Value added tax'));
  });

  it('stems, so "Named Insured" and "Insured names" compare equal to "insured name"', () => {
    expect(captionTokens('Named Insured').sort()).toEqual(captionTokens('insured name').sort());
    expect(captionTokens('Insured names')).toEqual(captionTokens('insured name'));
  });

  it('keeps the insured, the insurer and insurance apart, though one stem to the stemmer', () => {
    const [insured] = captionTokens('Insured');
    const [insurer] = captionTokens('Insurer');
    const [insurance] = captionTokens('Insurance');
    expect(new Set([insured, insurer, insurance]).size).toBe(3);
    expect(captionTokens('Name of insured').sort()).toEqual(captionTokens('Insured Name').sort());
    // A participle no dictionary holds as a person is stemmed as any word.
    expect(captionTokens('Limited')).toEqual(captionTokens('limit'));
  });

  it('keeps a caption made only of stop words ("To")', () => {
    expect(captionTokens('To')).toEqual(['to']);
  });

  it('reads a field key as a phrase and lists label, synonyms and key once each', () => {
    expect(keyAsPhrase('date_of_loss')).toBe('date of loss');
    expect(keyAsPhrase('policyNumber')).toBe('policy Number');
    expect(fieldPhrases({ key: 'phone', label: 'phone', synonyms: ['Tel'] })).toEqual([
      'phone',
      'Tel',
    ]);
  });
});
