import { garbledWord, garbledWordDoubt } from './garbled-word';

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
