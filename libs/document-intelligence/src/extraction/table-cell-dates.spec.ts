import { slashedYearDigits, slashesRestored } from './table-cell-dates';

describe('slashedYearDigits', () => {
  it("reads the year's digits most of a column's slashed dates print", () => {
    expect(slashedYearDigits(['9/16/22', '12/27/24', '716/20', '3/13/21'])).toBe(2);
    expect(slashedYearDigits(['09/16/2022', '12/27/2024', '1/1120'])).toBe(4);
  });

  it('knows no form from fewer than two such dates, or from a tie', () => {
    expect(slashedYearDigits(['9/16/22', '716/20', 'Open'])).toBeNull();
    expect(slashedYearDigits(['9/16/22', '09/16/2022'])).toBeNull();
  });
});

describe('slashesRestored', () => {
  it('reads strokes where the slashes stand as the slashes, when one reading fits', () => {
    expect(slashesRestored('716/20', 2)).toBe('7/6/20');
    expect(slashesRestored('2110/24', 2)).toBe('2/10/24');
    expect(slashesRestored('1/1120', 2)).toBe('1/1/20');
    expect(slashesRestored('716722', 2)).toBe('7/6/22');
    expect(slashesRestored('1217120', 2)).toBe('12/7/20');
    expect(slashesRestored('7l6l2020', 4)).toBe('7/6/2020');
  });

  it('leaves a date already printed, a lost slash, other strokes and two readings alone', () => {
    expect(slashesRestored('9/16/22', 2)).toBeNull();
    expect(slashesRestored('10/2420', 2)).toBeNull();
    expect(slashesRestored('2r2siz2', 2)).toBeNull();
    expect(slashesRestored('1111120', 2)).toBeNull();
    expect(slashesRestored('716/20', 4)).toBeNull();
  });
});
