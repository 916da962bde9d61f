import { confirmedWords } from './confirmed-words';

const words = (...texts: string[]) =>
  texts.map((text, i) => ({
    text,
    box: { x0: i / 10, y0: 0.2, x1: i / 10 + 0.08, y1: 0.22 },
    confidence: 1,
  }));

const texts = (list: ReadonlyArray<{ text: string }>) => list.map((w) => w.text);

describe('the words of a reviewed place that print the confirmed value', () => {
  it('drops other text printed into the place at either end', () => {
    const place = words('260', 'Cedar', 'Ln,', 'Denver,', 'CO', '80202', 'Nature');
    expect(texts(confirmedWords(place, '260 Cedar Ln, Denver, CO 80202'))).toEqual([
      '260',
      'Cedar',
      'Ln,',
      'Denver,',
      'CO',
      '80202',
    ]);
    expect(texts(confirmedWords(words('Loss', '12', 'Elm', 'St'), '12 Elm St'))).toEqual([
      '12',
      'Elm',
      'St',
    ]);
  });

  it('keeps every word where OCR misread the value or nothing was confirmed', () => {
    const misread = words('260', 'Cedar', 'Ln,', 'Denver,', 'CO', '8020@2ure');
    expect(confirmedWords(misread, '260 Cedar Ln, Denver, CO 80202')).toHaveLength(6);
    expect(confirmedWords(words('12', 'Elm', 'St', 'Nature'), undefined)).toHaveLength(4);
  });
});
