import {
  capitalIForSmallL,
  garbledWord,
  garbledWordDoubt,
  hyphenForSpace,
  misreadDictionaryWord,
  misreadWordDoubts,
} from './garbled-word';

describe('a word OCR garbled', () => {
  it('finds a symbol wedged between letters or digits', () => {
    expect(garbledWord('6978 Oak Ave, Denver, CO 8028@ire of Loss')).toBe('8028@ire');
    expect(garbledWord('Harbor Vi|ew Road')).toBe('Vi|ew');
    expect(garbledWordDoubt('8028@ire')).toBe(
      '"8028@ire" holds a symbol OCR puts for ink it could not read',
    );
  });

  it('leaves printed words, e-mail addresses and marks at a word’s ends alone', () => {
    expect(garbledWord('6978 Oak Ave, Denver, CO 80202')).toBeNull();
    expect(garbledWord("O'Brien & Sons, A/B-12 #4")).toBeNull();
    expect(garbledWord('claims@acme-mutual.com')).toBeNull();
    expect(garbledWord('Yahoo! Inc. *12')).toBeNull();
  });
});

describe('a small l OCR read as a capital I', () => {
  it("finds a capital I right after a word's first capital, before small letters", () => {
    expect(capitalIForSmallL('788 EIm Ct, Omaha, NE 68102')).toBe('EIm');
    expect(capitalIForSmallL('CIark Holloway')).toBe('CIark');
  });

  it('lets capitals inside a word after a small letter, words in capitals and a lone I be', () => {
    expect(capitalIForSmallL('Angus McIntosh')).toBeNull();
    expect(capitalIForSmallL('AIG INSURANCE')).toBeNull();
    expect(capitalIForSmallL('Suite I, Elm Ct')).toBeNull();
  });

  it('gives one doubt per kind of misread word', () => {
    expect(misreadWordDoubts('788 EIm Ct, 8028@ire')).toEqual([
      garbledWordDoubt('8028@ire'),
      '"EIm" reads a capital I where print sets a small l',
    ]);
    expect(misreadWordDoubts('788 Elm Ct')).toEqual([]);
  });
});

describe('a word one misread letter away from an English word', () => {
  // A harsh scan of draw 7024 read "Casualty" as "Casuaity", sure of it (0.92).
  it('finds a word that is none, with the word a confused letter read back makes', () => {
    expect(misreadDictionaryWord('Northgate Property & Casuaity')).toEqual({
      read: 'Casuaity',
      meant: 'casualty',
    });
    expect(misreadDictionaryWord('Water Darnage')).toEqual({ read: 'Darnage', meant: 'damage' });
  });

  it('leaves English words, names no letter makes a word of, and short words alone', () => {
    expect(misreadDictionaryWord('Northgate Property & Casualty')).toBeNull();
    expect(misreadDictionaryWord('Maria Schwarz')).toBeNull();
    expect(misreadDictionaryWord('Keystone Fidelity Insurance')).toBeNull();
    expect(misreadDictionaryWord('Ciay')).toBeNull();
  });

  it('says so among the misread words of a value', () => {
    expect(misreadWordDoubts('Northgate Property & Casuaity')).toEqual([
      '"Casuaity" is no word, "casualty" with one letter misread',
    ]);
  });
});

describe('a hyphen OCR read for a space', () => {
  it('finds a lone short word hyphened on one side only', () => {
    expect(hyphenForSpace('Paint-and materials')).toBe('Paint-and');
    expect(hyphenForSpace('Damage of-the roof')).toBe('of-the');
    // Print hyphens such a word on both sides, or on neither.
    expect(hyphenForSpace('rock-and-roll band')).toBeNull();
    expect(hyphenForSpace('up-to-date records')).toBeNull();
    expect(hyphenForSpace('Paint and materials')).toBeNull();
    expect(hyphenForSpace('Left-hand door')).toBeNull();
  });
});
