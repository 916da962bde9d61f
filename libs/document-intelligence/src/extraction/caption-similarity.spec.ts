import { asksForIdentifier, captionSimilarity, sharedDefiningWords } from './caption-similarity';

describe('captionSimilarity', () => {
  it('treats the words that name an identifier as one ("Claim ID" asks for the claim number)', () => {
    expect(captionSimilarity(['Claim Number'], 'Claim ID')).toBeGreaterThan(0.85);
    expect(captionSimilarity(['Policy Number'], 'Policy Ref.')).toBeGreaterThan(0.85);
  });

  it('reads no caption as asking for what it says its amount leaves out', () => {
    // Draw 7026: "TOTAL BEFORE TAX" is no tax; for the total it stays a caption with words over.
    expect(captionSimilarity(['Tax'], 'TOTAL BEFORE TAX')).toBe(0);
    expect(captionSimilarity(['Tax'], 'Premium excl. VAT')).toBe(0);
    expect(captionSimilarity(['Total'], 'TOTAL BEFORE TAX')).toBeGreaterThan(0.5);
    expect(captionSimilarity(['Tax'], 'VAT')).toBeGreaterThan(0.5);
    // A caption that is nothing but what is left out asks for that amount.
    expect(captionSimilarity(['Discount'], 'Less Discount')).toBeGreaterThan(0.5);
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

  it('reads "Named" as saying a name is asked for, as "Name" does', () => {
    // Draw 7029: "ASSURED" under a schema's "Named Insured".
    expect(captionSimilarity(['Named Insured'], 'ASSURED')).toBe(
      captionSimilarity(['Insured Name'], 'ASSURED'),
    );
    expect(captionSimilarity(['Named Insured'], 'ASSURED')).toBeGreaterThanOrEqual(0.4);
  });

  it('never matches a caption that shares no meaning, nor the other party of a policy', () => {
    expect(captionSimilarity(['Insured Name'], 'Client')).toBe(0);
    expect(captionSimilarity(['Insured'], 'Insurer')).toBe(0);
    expect(captionSimilarity(['Carrier'], 'Insured Party')).toBe(0);
  });

  it('reads "Insurance" as no spelling of "Insured", nor the insured as the policy or its seller', () => {
    // A loss run of draw 7034: "INSURANCE PROVIDER" was read for the insured at 0.40.
    expect(captionSimilarity(['Insured'], 'Insurance Provider')).toBe(0);
    expect(captionSimilarity(['Insured'], 'Insurance Company')).toBe(0);
    // The seller and the policy: only the dictionary relates them, below a sure match.
    expect(captionSimilarity(['Insurer'], 'Insurance Provider')).toBeLessThan(0.5);
    expect(captionSimilarity(['Insured'], 'Insured Entity')).toBeGreaterThan(0.75);
    // A word OCR garbled is still a slip of the one it was printed as.
    expect(captionSimilarity(['Insured'], 'Insurcd')).toBeGreaterThan(0.6);
  });

  it('reads a compound written as two words as the one word', () => {
    expect(captionSimilarity(['Subtotal'], 'Sub Total')).toBe(1);
    expect(captionSimilarity(['Sub Total'], 'SUBTOTAL')).toBe(1);
  });

  it('reads a caption word the dictionary gives as a synonym, below the same word', () => {
    expect(captionSimilarity(['Agent'], 'Broker')).toBeCloseTo(0.75);
    expect(captionSimilarity(['Invoice Number'], 'Bill Number')).toBeGreaterThan(0.7);
    expect(captionSimilarity(['Invoice Number'], 'Bill Number')).toBeLessThan(
      captionSimilarity(['Invoice Number'], 'Invoice No.'),
    );
  });

  it('reads a two-word lemma of the dictionary as one word', () => {
    expect(captionSimilarity(['Zip Code'], 'Postcode')).toBeCloseTo(0.75);
    expect(captionSimilarity(['Postcode'], 'Zip Code')).toBeCloseTo(0.75);
    // Insurer and insurance company are also one concept of the trade vocabulary, nearer still.
    expect(captionSimilarity(['Insurance Company'], 'Insurer')).toBeCloseTo(0.8);
    // Word by word still counts where the collocation says less.
    expect(captionSimilarity(['Insurance Company'], 'Issuing Company')).toBeCloseTo(0.4);
  });

  it('reads a broader word below a synonym, and never a narrower one', () => {
    const broader = captionSimilarity(['Policy Number'], 'Contract Number');
    expect(broader).toBeGreaterThan(0.5);
    expect(broader).toBeLessThan(captionSimilarity(['Policy Number'], 'Policy ID'));
    // "Total" is one kind of quantity: it does not stand for the quantity.
    expect(captionSimilarity(['Quantity'], 'Line Total')).toBe(0);
  });

  it('asks the dictionary nothing about kind words, stop words or abbreviations', () => {
    // WordNet makes a number an amount; the field's type tells those apart, not the caption.
    expect(captionSimilarity(['Amount'], 'Number')).toBe(0);
    expect(captionSimilarity(['Date'], 'Day')).toBe(0);
  });

  it("reads a caption word the field's definition uses as a broader word does", () => {
    const defining = captionSimilarity(['Policy Number'], 'Certificate No.');
    expect(defining).toBeCloseTo(captionSimilarity(['Policy Number'], 'Contract Number'));
    expect(defining).toBeLessThan(captionSimilarity(['Policy Number'], 'Policy ID'));
    expect(captionSimilarity(['Claim Number'], 'Certificate No.')).toBeLessThan(defining);
  });

  it('does not count a word defining several of the names in competition', () => {
    // "insurance" is in the definitions of "premium", "deductible" and "coverage" alike.
    const shared = sharedDefiningWords([['Premium'], ['Deductible'], ['Coverage']]);
    expect(shared.has('insurance')).toBe(true);
    expect(captionSimilarity(['Premium'], 'Amount of Insurance')).toBeGreaterThan(0);
    expect(captionSimilarity(['Premium'], 'Amount of Insurance', shared)).toBe(0);
    // A word defining only one of them still counts.
    const alone = sharedDefiningWords([['Policy Number'], ['Claim Number']]);
    expect(captionSimilarity(['Policy Number'], 'Certificate No.', alone)).toBeGreaterThan(0.5);
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
