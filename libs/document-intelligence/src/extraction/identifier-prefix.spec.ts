import type { ScalarFieldDefinition } from '../schema/field-schema.types';
import { abbreviates, byIdentifierPrefix } from './identifier-prefix';

const invoiceNumber: ScalarFieldDefinition = {
  key: 'invoice_number',
  type: 'string',
  label: 'Invoice Number',
};
const claimNumber: ScalarFieldDefinition = {
  key: 'claim_number',
  type: 'string',
  label: 'Claim Number',
};

describe('abbreviates', () => {
  it('knows a word from its first letter and letters in order', () => {
    expect(abbreviates('CLM', 'claim')).toBe(true);
    expect(abbreviates('INV', 'invoice')).toBe(true);
    expect(abbreviates('POL', 'policy')).toBe(true);
    expect(abbreviates('CML', 'claim')).toBe(false);
    expect(abbreviates('LM', 'claim')).toBe(false);
    expect(abbreviates('NO', 'no')).toBe(false); // too short to tell
  });
});

describe('byIdentifierPrefix', () => {
  const text = (a: string): string => a;

  it('puts an identifier whose prefix names one field at that field', () => {
    expect(
      byIdentifierPrefix([invoiceNumber, claimNumber], ['CLM-2022-935766', 'T445259'], text),
    ).toEqual(['T445259', 'CLM-2022-935766']);
    expect(byIdentifierPrefix([invoiceNumber, claimNumber], ['CLM 20', 'INV/7'], text)).toEqual([
      'INV/7',
      'CLM 20',
    ]);
  });

  it('keeps reading order when no prefix says, or two answers name one field', () => {
    expect(
      byIdentifierPrefix([invoiceNumber, claimNumber], ['F184064', '2360037HZ'], text),
    ).toEqual(['F184064', '2360037HZ']);
    expect(byIdentifierPrefix([invoiceNumber, claimNumber], ['CLM-1', 'CLM-2'], text)).toEqual([
      'CLM-1',
      'CLM-2',
    ]);
    expect(byIdentifierPrefix([invoiceNumber, claimNumber], ['HO-80-64', 'CLM-9'], text)).toEqual([
      'HO-80-64',
      'CLM-9',
    ]);
  });
});
