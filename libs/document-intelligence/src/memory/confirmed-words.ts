/** A text's letters and digits alone, as a value printed and a value typed both hold them. */
function lettersAndDigits(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * The words of a reviewed value's place that print the value the review confirmed: a word at
 * either end that the confirmed text does without is other text printed into the place (on a
 * digital notice of draw 7015 the next column's caption "Nature" was typeset over an address's
 * postcode, its centre inside the reviewed box, and the layout learned the address's form as
 * closing on a word, so the next documents' addresses read on into "Nature of Loss" unflagged).
 * Only words whose loss leaves the confirmed text whole go: where OCR misread the value, the
 * words stay as printed.
 */
export function confirmedWords<W extends { text: string }>(
  words: readonly W[],
  confirmed: string | undefined,
): W[] {
  const wanted = confirmed === undefined ? '' : lettersAndDigits(confirmed);
  if (wanted === '') return [...words];
  const holds = (start: number, end: number) =>
    lettersAndDigits(
      words
        .slice(start, end)
        .map((w) => w.text)
        .join(''),
    ).includes(wanted);
  let start = 0;
  let end = words.length;
  while (end - start > 1 && holds(start, end - 1)) end -= 1;
  while (end - start > 1 && holds(start + 1, end)) start += 1;
  return words.slice(start, end);
}
