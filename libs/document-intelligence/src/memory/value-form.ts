/*
 * The printed form of a value, as a reviewed document of a layout showed it: every digit kept
 * (a claim number's 5 digits, a postcode's 5, a date's 2/2/4), a run of letters kept only as its
 * case (names differ in length, not in form), signs and spaces as printed. Two values of one
 * layout's field share a form when OCR read both the way the layout prints them; a form that
 * differs (fewer digits at the end of an address, a caption's capitals where a name stood) is
 * no agreement with the review.
 */

function classOf(char: string): string {
  if (/[0-9]/.test(char)) return '9';
  if (/\p{Lu}/u.test(char)) return 'A';
  if (/\p{L}/u.test(char)) return 'a';
  return char;
}

/** The value's form: digits kept one by one, each run of letters as one letter of its case. */
export function valueForm(text: string): string {
  const classes = [...text.trim().replace(/\s+/g, ' ')].map(classOf);
  return classes.filter((c, i) => !((c === 'a' || c === 'A') && classes[i - 1] === c)).join('');
}

/**
 * Characters OCR takes for one another: letters and digits, brackets, and separators (a hyphen
 * read as a stop on a fax-like scan of draw 7021, `(804) 858.9918` where the layout prints
 * `858-9918`; an opening bracket read as `{` or `1` on those of draw 7019, `1983) 705-8018`).
 */
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  '0': 'O',
  O: '0',
  D: '0',
  '1': 'I(',
  I: '1',
  l: '1',
  '5': 'S',
  S: '5',
  '8': 'B',
  B: '8',
  '(': '{1',
  '{': '(',
  ')': '}',
  '}': ')',
  '.': '-,',
  '-': '.',
  ',': '.',
};

/** OCR may have read `printed` where `wanted` stood. */
function isLookAlike(printed: string, wanted: string): boolean {
  return printed !== wanted && (LOOK_ALIKES[wanted] ?? '').includes(printed);
}

/**
 * The form a layout prints a reviewed value in: the printed text, with each letter OCR read for
 * a digit or digit for a letter, and each look-alike (`{` for `(`), taken as the reviewer
 * confirmed it (`W0291-45305` confirmed as `WO291-45305`), when the two hold as many
 * characters, spaces aside. Case and anything else the review wrote otherwise (a date, an
 * amount, a name in capitals retyped) stay as printed.
 */
export function reviewedForm(printed: string, confirmed?: string): string {
  const confirmedChars = [...(confirmed ?? '').replace(/\s+/g, '')];
  if (confirmedChars.length !== [...printed.replace(/\s+/g, '')].length) return valueForm(printed);
  let at = 0;
  const corrected = [...printed].map((char) => {
    if (/\s/.test(char)) return char;
    const wanted = confirmedChars[at++];
    const digitForLetter =
      /[0-9]/.test(char) !== /[0-9]/.test(wanted) && /\p{L}|[0-9]/u.test(wanted);
    const misread = (digitForLetter && /\p{L}|[0-9]/u.test(char)) || isLookAlike(char, wanted);
    return misread ? wanted : char;
  });
  return valueForm(corrected.join(''));
}

/** Words from which a text is an address or a phrase, not an identifier of varying length. */
const PHRASE_WORDS = 3;

/** The digits of a phrase's last word when it is all digits ("... WA 98402" → 5), else 0. */
function closingNumber(form: string): number {
  const words = form.split(' ');
  if (words.length < PHRASE_WORDS) return 0;
  return /^9+$/.test(words[words.length - 1]) ? words[words.length - 1].length : 0;
}

/**
 * Whether a phrase of several words closes on a number shorter than the one the reviewed
 * value of its field closed on (or on none): an address whose postcode was read one group
 * short (`WA 9840` where the layout prints five digits). Identifiers are left out: their
 * digits vary from document to document (on draw 7001 the same test on every text value
 * doubted 22 right claim, policy and invoice numbers and VINs, and no wrong value).
 */
export function endsShortOfForm(form: string, reviewedForm: string): boolean {
  const reviewed = closingNumber(reviewedForm);
  return reviewed > 0 && closingNumber(form) < reviewed;
}

/**
 * Whether a value holds fewer than half the words of the reviewed value of its field, a phrase
 * (an address read as its house number alone, `9092`, at 0.84 on a one-shot scan of draw 7033).
 * Names and identifiers vary by a word from document to document, not by half.
 */
export function cutShortOfForm(form: string, reviewedForm: string): boolean {
  const reviewed = reviewedForm.split(' ').length;
  return reviewed >= PHRASE_WORDS && 2 * form.split(' ').length < reviewed;
}

/**
 * Whether a phrase runs on in words past a number as long as the one the reviewed value of its
 * field closed on: an address whose postcode is followed by the next column's caption
 * (`..., GA 31401 POLICY NO.` on a scan of draw 7006, where the layout prints the address
 * closing on five digits).
 */
export function runsPastClosingNumber(form: string, reviewedForm: string): boolean {
  const reviewed = closingNumber(reviewedForm);
  if (reviewed === 0 || closingNumber(form) > 0) return false;
  const words = form.split(' ');
  const at = words.lastIndexOf('9'.repeat(reviewed));
  return at >= PHRASE_WORDS - 1 && at < words.length - 1;
}

/**
 * What a form prints when it is an amount (a currency sign or grouped thousands with cents:
 * `$9,999.99`) or a date (`99/99/9999`, `9999-99-99`), else null.
 */
export function formKind(form: string): 'amount' | 'date' | null {
  const bare = form.trim();
  if (/^[$€£]\s?9+(,999)*(\.99)?$/u.test(bare) || /^9{1,3}(,999)+\.99$/.test(bare)) return 'amount';
  if (/^9{1,2}[/.-]9{1,2}[/.-]9{2,4}$/.test(bare) || /^9999-99-99$/.test(bare)) return 'date';
  return null;
}

/**
 * Whether a text value read at a field's remembered place prints as an amount or a date while
 * the reviewed value of the field did not: the place fell on another field's value (on a
 * fax-like scan of draw 7002 a policy number was read as the loss estimate "$5,404.24" at 0.91).
 */
export function ofAnotherKind(form: string, reviewedForm: string): boolean {
  const kind = formKind(form);
  return kind !== null && formKind(reviewedForm) !== kind;
}

/**
 * A form with its letters' case left out, each run of letters kept where it was: a scan's OCR
 * reads a letter's case as unsurely as the letter (the reviewed scan's `ih` where the next one
 * read `IK` on draw 7007). Runs are not merged: a name's words joined (`HollowayLogistics`)
 * are no run of one case.
 */
function caseless(form: string): string {
  return form.replace(/A/g, 'a');
}

/**
 * Whether a value misses the reviewed value's form by one OCR slip: one letter or digit read as
 * its look-alike of the other kind (`H0547430260` where the layout prints `HO` and nine digits),
 * one separator or bracket read as its look-alike, or one space inside (`CLM -2024-371498`),
 * its letters' case aside (`24/26990/ IK` where the reviewed scan was read `.../ih`). A value
 * of another form further off is just another value (identifiers vary from document to
 * document); one slip from the form is OCR's.
 */
export function oneSlipFromForm(text: string, reviewedForm: string): boolean {
  const printed = text.trim();
  const wanted = caseless(reviewedForm);
  const inForm = (value: string) => caseless(valueForm(value)) === wanted;
  if (inForm(printed)) return false;
  const chars = [...printed];
  const withChar = (i: number, replacement: string) =>
    [...chars.slice(0, i), replacement, ...chars.slice(i + 1)].join('');
  return chars.some(
    (char, i) =>
      [...(LOOK_ALIKES[char] ?? '')].some((alike) => inForm(withChar(i, alike))) ||
      (char === ' ' && inForm(withChar(i, ''))),
  );
}

/**
 * Whether a value opens with a digit OCR reads for a capital (`1066819` for I066819 on a harsh
 * scan of draw 7024, read sure at 0.90) where the reviewed value of the layout opened with a
 * capital: a layout's identifiers keep their lead letter from document to document, whatever
 * else of their form changes.
 */
export function opensWithLookAlikeDigit(text: string, reviewedForm: string): boolean {
  const first = [...text.trim()][0];
  return (
    reviewedForm.startsWith('A') &&
    first !== undefined &&
    /[0-9]/.test(first) &&
    [...(LOOK_ALIKES[first] ?? '')].some((alike) => /\p{Lu}/u.test(alike))
  );
}

/**
 * Whether a word sets a digit OCR reads for a capital (0, 1, 5, 8) against a capital
 * (`H0-74-0582899` for HO-74-0582899 on a scan of draw 7025): where the two meet, which one was
 * printed is OCR's guess.
 */
export function lookAlikeDigitBesideCapital(text: string): boolean {
  return /\p{Lu}[0158]|[0158]\p{Lu}/u.test(text);
}
