/**
 * A US address's state code that OCR misread by a look-alike ("Boise, 1D 83702" for ID, "Austin,
 * TX" never changed): the code is one of a published, closed list, and it stands between the
 * city's comma and the ZIP code, so a code in that place that is no state's, but is one once the
 * characters OCR confuses are set aside, is that state's.
 *
 * Source: United States Postal Service, Publication 28 "Postal Addressing Standards", Appendix B
 * "Two-Letter State and Possession Abbreviations" (https://pe.usps.com/text/pub28/28apb.htm; a
 * work of the United States government, in the public domain).
 */
const USPS_STATE_CODES = new Set(
  (
    'AL AK AS AZ AR CA CO CT DE DC FM FL GA GU HI ID IL IN IA KS KY LA ME MH MD MA MI MN MS MO ' +
    'MT NE NV NH NJ NM NY NC ND MP OH OK OR PW PA PR RI SC SD TN TX UT VT VI VA WA WV WI WY ' +
    'AA AE AP'
  ).split(' '),
);

/** Characters OCR reads for a code's letters: a stroke for I, a ring for O. */
const LOOK_ALIKES: Readonly<Record<string, string>> = { '1': 'I', l: 'I', '|': 'I', '0': 'O' };

/** ", <code> <ZIP>" at the end of an address. */
const STATE_BEFORE_ZIP = /(,\s*)([A-Za-z01|]{2})(\s+\d{5}(?:-\d{4})?)\s*$/;

/** The address with its state code read again, or null when it is one already or none fits. */
export function withStateCodeRead(text: string): string | null {
  const match = STATE_BEFORE_ZIP.exec(text);
  if (!match) return null;
  const code = match[2];
  if (USPS_STATE_CODES.has(code)) return null;
  const read = [...code].map((c) => LOOK_ALIKES[c] ?? c.toUpperCase()).join('');
  if (!USPS_STATE_CODES.has(read) || !/\d|[|]/.test(code)) return null;
  return (
    text.slice(0, match.index) +
    match[1] +
    read +
    match[3] +
    text.slice(match.index + match[0].length)
  );
}
