import { runsOnPastFigure } from './run-on-value';

describe('runsOnPastFigure', () => {
  it('finds a figure with the next column’s words after it', () => {
    expect(runsOnPastFigure('PA/2023/945820 NY 12207')).toBe(true);
    expect(runsOnPastFigure('(727) 715-6282 Denver')).toBe(true);
  });

  it('leaves figures alone, and text that does not open with one', () => {
    expect(runsOnPastFigure('HO-12-9727808')).toBe(false);
    expect(runsOnPastFigure('(727) 715-6282')).toBe(false);
    expect(runsOnPastFigure('MJY 7226350')).toBe(false);
    expect(runsOnPastFigure('22/73140/HP')).toBe(false);
  });
});
