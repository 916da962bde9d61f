import { opensAsStreetAddress, withStreetSuffixRead } from './street-suffix';

describe('withStreetSuffixRead', () => {
  it('reads a suffix OCR misread by a look-alike letter, in the address case', () => {
    expect(withStreetSuffixRead('6985 Park PI, Raleigh, NC 27601')).toBe(
      '6985 Park Pl, Raleigh, NC 27601',
    );
    expect(withStreetSuffixRead('12 Oak Bivd')).toBe('12 Oak Blvd');
    expect(withStreetSuffixRead('12 Oak BIvd')).toBe('12 Oak Blvd');
    expect(withStreetSuffixRead('40 HARBOR PI, SALEM, OR')).toBe('40 HARBOR PL, SALEM, OR');
    expect(withStreetSuffixRead('7 Mill Ln')).toBeNull();
  });

  it('leaves a standard suffix, a word elsewhere and a text that is no street address alone', () => {
    expect(withStreetSuffixRead('6985 Park Pl, Raleigh, NC 27601')).toBeNull();
    expect(withStreetSuffixRead('4 Grand Is, Ely')).toBeNull(); // IS (Island) is a suffix
    expect(withStreetSuffixRead('Park PI, Raleigh')).toBeNull(); // no house number
    expect(withStreetSuffixRead('12 Main St, Apt PI')).toBeNull(); // not the suffix's place
    expect(withStreetSuffixRead('Dr. Alan PI')).toBeNull();
  });
});

describe('a text opening as a street address', () => {
  it('has a house number, a street name and a published suffix', () => {
    expect(opensAsStreetAddress('8040 Forest Dr, Denver, CO 80202')).toBe(true);
    expect(opensAsStreetAddress('12 Harbor View Blvd')).toBe(true);
  });

  it('opens so after a quote a speck left of the house number read as', () => {
    // A harsh scan of draw 7026 read the loss location `‘9352 Cedar Ln, Tacoma, WA 98402`.
    expect(opensAsStreetAddress('‘9352 Cedar Ln, Tacoma, WA 98402')).toBe(true);
    expect(opensAsStreetAddress("'9352 Cedar Ln")).toBe(true);
  });

  it('is not a figure, a sentence or a name', () => {
    expect(opensAsStreetAddress('3 rooms flooded, carpets lost')).toBe(false);
    expect(opensAsStreetAddress('Windows were broken')).toBe(false);
    expect(opensAsStreetAddress('2024 Annual Premium')).toBe(false);
  });
});
