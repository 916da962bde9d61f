import { captionSimilarity } from '../extraction/caption-similarity';
import { extractDocumentFields } from '../extraction/field-extractor';
import type { TableFieldDefinition } from '../schema/field-schema.types';
import { makePage } from '../testing/text-page.fixture';
import { isTradeTerm, tradeConceptOf, tradeTermSimilarity } from './trade-terms';
import { TRADE_CONCEPTS, TRADE_TERM_SOURCES } from './trade-terms.data';

describe('trade terms', () => {
  it('names a source with a licence for every entry', () => {
    for (const concept of TRADE_CONCEPTS)
      for (const term of concept.terms) {
        const source = TRADE_TERM_SOURCES[term.source];
        expect(source.licence.length).toBeGreaterThan(0);
        expect(source.published).toMatch(/^https:\/\//);
        expect(term.ref.length).toBeGreaterThan(0);
      }
  });

  it('relates a column header in a standard’s words to a plain column label', () => {
    expect(tradeTermSimilarity(['Quantity'], 'Billed Qty')).toBe(0.8);
    expect(tradeTermSimilarity(['Unit Price'], 'Net Price')).toBe(0.8);
    expect(tradeTermSimilarity(['Reserve'], 'Claims Outstanding')).toBe(0.8);
    expect(tradeTermSimilarity(['Incurred'], 'Incurred Claims')).toBe(0.8);
    expect(tradeTermSimilarity(['Description'], 'Item name')).toBe(0.8);
  });

  it('relates the parties of an insurance document by the captions of ACORD forms and WordNet', () => {
    expect(tradeTermSimilarity(['Carrier'], 'Insurer')).toBe(0.8);
    expect(tradeTermSimilarity(['Insured'], 'Policyholder')).toBe(0.8);
    expect(tradeTermSimilarity(['Named Insured'], 'Name of Insured')).toBe(0.8);
    expect(tradeTermSimilarity(['Agent'], 'Producer')).toBe(0.8);
    expect(tradeTermSimilarity(['Agent'], 'Agency')).toBe(0.8);
    // WordNet's insurer synset: a "Carrier" field and an "Insurance Company" caption, either way.
    expect(tradeTermSimilarity(['Carrier'], 'Insurance Company')).toBe(0.8);
    expect(tradeTermSimilarity(['Insurance Company'], 'Carrier')).toBe(0.8);
    expect(tradeTermSimilarity(['Insured'], 'Insurance Company')).toBe(0);
    // The parties stay apart: the insurer is not the insured, nor the producer either.
    expect(tradeTermSimilarity(['Insured'], 'Insurer')).toBe(0);
    expect(tradeTermSimilarity(['Carrier'], 'Policyholder')).toBe(0);
    expect(tradeTermSimilarity(['Agent'], 'Insurer')).toBe(0);
  });

  it('relates nothing where the words share no concept or name several', () => {
    // "Amount" is part of many terms: it names none of them.
    expect(tradeConceptOf('Amount', 'field')).toBeNull();
    expect(tradeTermSimilarity(['Amount'], 'Line Extension Amount')).toBe(0);
    // One printed word that is only part of a term says too little.
    expect(tradeConceptOf('Outstanding', 'caption')).toBeNull();
    expect(tradeTermSimilarity(['Reserve'], 'Billed Quantity')).toBe(0);
  });

  it('lifts a caption the words alone do not relate', () => {
    expect(captionSimilarity(['Reserve'], 'Claims Outstanding')).toBe(0.8);
    expect(captionSimilarity(['Quantity'], 'Quantity')).toBe(1);
  });

  it('knows its own terms, word order aside', () => {
    expect(isTradeTerm('Outstanding Claims')).toBe(true);
    expect(isTradeTerm('Outstanding')).toBe(false);
  });
});

describe('a table column headed in a trade term', () => {
  const claims: TableFieldDefinition = {
    key: 'claims',
    type: 'table',
    columns: [
      { key: 'claim_number', type: 'string', label: 'Claim Number' },
      { key: 'paid', type: 'money', label: 'Paid' },
      { key: 'reserve', type: 'money', label: 'Reserve' },
    ],
  };

  it('is read by the standard’s name for it, as a reading to confirm', () => {
    const page = makePage([
      { x: 60, y: 50, text: 'LOSS RUN REPORT', size: 14 },
      { x: 60, y: 120, text: 'Claim Number' },
      { x: 260, y: 120, text: 'Paid' },
      { x: 420, y: 120, text: 'Claims Outstanding' },
      { x: 60, y: 140, text: 'CL-1001' },
      { x: 260, y: 140, text: '$1,200.00' },
      { x: 420, y: 140, text: '$300.00' },
      { x: 60, y: 156, text: 'CL-1002' },
      { x: 260, y: 156, text: '$800.00' },
      { x: 420, y: 156, text: '$150.00' },
    ]);
    const [table] = extractDocumentFields({ pages: [page] }, { fields: [claims] });
    expect(table.value).toEqual([
      {
        claim_number: 'CL-1001',
        paid: { amount: 1200, currency: 'USD' },
        reserve: { amount: 300, currency: 'USD' },
      },
      {
        claim_number: 'CL-1002',
        paid: { amount: 800, currency: 'USD' },
        reserve: { amount: 150, currency: 'USD' },
      },
    ]);
    expect(table.doubts?.[0]).toMatch(/^table columns matched by meaning/);
  });
});
