import { asksForIdentifier, captionSimilarity } from './caption-similarity';

describe('captionSimilarity', () => {
  it('treats the words that name an identifier as one ("Claim ID" asks for the claim number)', () => {
    expect(captionSimilarity(['Claim Number'], 'Claim ID')).toBeGreaterThan(0.85);
    expect(captionSimilarity(['Policy Number'], 'Policy Ref.')).toBeGreaterThan(0.85);
  });

  it('reads a word cut short as the word it abbreviates', () => {
    expect(captionSimilarity(['Total Incurred'], 'Inc. Total')).toBeGreaterThan(0.8);
    expect(captionSimilarity(['Estimated Loss'], 'Est. Loss')).toBeGreaterThan(0.8);
  });

  it('weighs the word saying which value above the word saying what kind of value', () => {
    const onKindWord = captionSimilarity(['Date of Loss'], 'Date of Incident');
    const onWhichWord = captionSimilarity(['Estimated Loss'], 'Estimated Amount');
    expect(onKindWord).toBeGreaterThan(0);
    expect(onKindWord).toBeLessThan(0.4);
    expect(onWhichWord).toBeGreaterThan(onKindWord);
  });

  it('never matches a caption that shares no meaning, nor the other party of a policy', () => {
    expect(captionSimilarity(['Insured Name'], 'Client')).toBe(0);
    expect(captionSimilarity(['Insured'], 'Insurer')).toBe(0);
    expect(captionSimilarity(['Carrier'], 'Insured Party')).toBe(0);
  });

  it('reads a compound written as two words as the one word', () => {
    expect(captionSimilarity(['Subtotal'], 'Sub Total')).toBe(1);
    expect(captionSimilarity(['Sub Total'], 'SUBTOTAL')).toBe(1);
  });

  it('takes the best of a field phrases', () => {
    expect(captionSimilarity(['Carrier', 'carrier name'], 'Carrier Name')).toBe(1);
  });
});

describe('asksForIdentifier', () => {
  it('knows a field asking for a number, id, reference or code', () => {
    expect(asksForIdentifier(['Policy #'])).toBe(true);
    expect(asksForIdentifier(['Claim ID'])).toBe(true);
    expect(asksForIdentifier(['Insured Name'])).toBe(false);
  });
});
