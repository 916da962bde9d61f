import type { ScalarFieldDefinition } from '../schema/field-schema.types';
import { STRAY_WORD_NAME_DOUBT } from '../values/split-name';
import { CAPTION_SHAPED_DOUBT, UNPAIRED_BRACKET_DOUBT } from '../values/value-print';
import {
  DIGITLESS_PHONE_DOUBT,
  MISPRINTED_PHONE_DOUBT,
  ONE_WORD_NAME_DOUBT,
  SHORT_IDENTIFIER_DOUBT,
  valueShapeDoubts,
  WORDY_IDENTIFIER_DOUBT,
} from './value-doubts';

const field = (label: string): ScalarFieldDefinition => ({ key: 'f', type: 'string', label });

describe('valueShapeDoubts', () => {
  it('doubts a text holding a word OCR garbled, whatever the field asks for', () => {
    expect(valueShapeDoubts(field('Loss Location'), '6978 Oak Ave, Denver, CO 8028@ire')).toEqual([
      '"8028@ire" holds a symbol OCR puts for ink it could not read',
    ]);
    expect(valueShapeDoubts(field('Contact'), 'claims@acme-mutual.com')).toEqual([]);
  });

  it('doubts a name with a word broken in two, by the kind its field asks for', () => {
    expect(valueShapeDoubts(field('Insured Name'), 'Nathan McAll ister')).toHaveLength(1);
    expect(valueShapeDoubts(field('Insured Name'), 'Nathan McAllister')).toEqual([]);
    expect(valueShapeDoubts(field('Description'), 'kitchen fire')).toEqual([]);
  });

  it('doubts an identifier or a phone number with the next column’s words after it', () => {
    expect(valueShapeDoubts(field('Policy Number'), 'PA/2023/945820 NY 12207')).toHaveLength(1);
    expect(valueShapeDoubts(field('Phone'), '(727) 715-6282 Denver')).toHaveLength(1);
    expect(valueShapeDoubts(field('Policy Number'), 'PA/2023/945820')).toEqual([]);
    expect(valueShapeDoubts(field('Loss Location'), '620 Park Pl, Raleigh')).toEqual([]);
  });

  it('doubts an identifier that reads as words: another caption run into its answer', () => {
    expect(valueShapeDoubts(field('Policy Number'), 'POLICY PERIOD FROMebruary 19, 2024')).toEqual([
      WORDY_IDENTIFIER_DOUBT,
    ]);
    expect(valueShapeDoubts(field('Policy Number'), 'HO 3 PA 12345')).toEqual([]);
    expect(valueShapeDoubts(field('Claim Number'), 'CLM 2022 935766')).toEqual([]);
    expect(valueShapeDoubts(field('Insured Name'), 'Harborline Casualty Company')).toEqual([]);
  });

  it('doubts a value shaped as a caption: another caption read as the answer', () => {
    expect(valueShapeDoubts(field('Insured Name'), 'Certificate No.')).toEqual([
      CAPTION_SHAPED_DOUBT,
    ]);
    expect(valueShapeDoubts(field('Description'), 'Loss Ref #')).toEqual([CAPTION_SHAPED_DOUBT]);
    expect(valueShapeDoubts(field('Description'), 'Vehicle damaged:')).toEqual([
      CAPTION_SHAPED_DOUBT,
    ]);
    expect(valueShapeDoubts(field('Insured Name'), 'Ann Noble')).toEqual([]);
    expect(valueShapeDoubts(field('Reference'), '#')).toEqual([]);
  });

  it('doubts a value holding a bracket without its pair: a letter or mark OCR misread', () => {
    expect(valueShapeDoubts(field('Claim Number'), '23-54243-B)')).toEqual([
      UNPAIRED_BRACKET_DOUBT,
    ]);
    expect(valueShapeDoubts(field('Insured Name'), 'Acme (Pty Ltd')).toEqual([
      UNPAIRED_BRACKET_DOUBT,
    ]);
    expect(valueShapeDoubts(field('Insured Name'), 'Acme (Pty) Ltd')).toEqual([]);
    expect(valueShapeDoubts(field('Claim Number'), 'CLM-[2023]-77')).toEqual([]);
    // A phone's own doubt names it once.
    expect(valueShapeDoubts(field('Phone'), '(960 560-9068')).toEqual([MISPRINTED_PHONE_DOUBT]);
  });

  it('doubts an identifier too short to be one: a caption word such as "ID" misread', () => {
    expect(valueShapeDoubts(field('Claim Number'), '1D')).toEqual([SHORT_IDENTIFIER_DOUBT]);
    expect(valueShapeDoubts(field('Policy Number'), 'ID')).toEqual([SHORT_IDENTIFIER_DOUBT]);
    expect(valueShapeDoubts(field('Claim Number'), 'CLM-2022')).toEqual([]);
    expect(valueShapeDoubts(field('Description'), '1D')).toEqual([]);
  });

  it('doubts a name opening with a word in lower case that no name opens with', () => {
    expect(valueShapeDoubts(field('Insured Name'), 'ae Dawson Logistics LLC')).toEqual([
      STRAY_WORD_NAME_DOUBT,
    ]);
    expect(valueShapeDoubts(field('Insured Name'), 'van der Berg Holdings')).toEqual([]);
    expect(valueShapeDoubts(field('Insured Name'), 'Dawson Logistics LLC')).toEqual([]);
  });

  it('doubts a name of one word: a caption word parted from its caption', () => {
    const doubts = valueShapeDoubts(field('Insured Name'), 'Party');
    expect(doubts).toHaveLength(1);
    expect(doubts[0]).toBe(ONE_WORD_NAME_DOUBT);
    expect(ONE_WORD_NAME_DOUBT).toMatch(/^a name of one word/);
    expect(valueShapeDoubts(field('Insured Name'), 'Derek Novak')).toEqual([]);
    expect(valueShapeDoubts(field('Description'), 'Hail')).toEqual([]);
    expect(valueShapeDoubts(field('Claim Number'), 'CLM2022')).toEqual([]);
  });

  it('doubts a phone number holding characters or brackets no phone number prints', () => {
    expect(valueShapeDoubts(field('Phone'), '© 60) 0) 560-9068')).toEqual([MISPRINTED_PHONE_DOUBT]);
    expect(valueShapeDoubts(field('Phone'), '(291) 497-2984)')).toEqual([MISPRINTED_PHONE_DOUBT]);
    expect(valueShapeDoubts(field('Phone'), '(960) 560-9068')).toEqual([]);
    expect(valueShapeDoubts(field('Phone'), '+1 960-560-9068')).toEqual([]);
    expect(valueShapeDoubts(field('Phone'), '555.201.3344')).toEqual([]);
  });

  it('doubts a phone number with too few digits: another caption or noise read', () => {
    expect(valueShapeDoubts(field('Phone'), 'Date of Notice')).toEqual([DIGITLESS_PHONE_DOUBT]);
    expect(valueShapeDoubts(field('Phone'), "'Date of NOUCE")).toEqual([DIGITLESS_PHONE_DOUBT]);
    expect(valueShapeDoubts(field('Phone'), '(291) 497-2984')).toEqual([]);
    expect(valueShapeDoubts(field('Phone'), '497-2984')).toEqual([]);
  });
});
