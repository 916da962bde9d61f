import { strayQuoteLength } from './stray-quote';

/**
 * A street address's suffix that OCR misread by a look-alike letter ("Park PI" for "Park Pl",
 * "Oak Bivd" for "Oak Blvd"): the suffix is one of a published, closed list, so a word in the
 * suffix's place that is no suffix, but is one once the letters OCR confuses are set aside,
 * is that suffix.
 *
 * Source: United States Postal Service, Publication 28 "Postal Addressing Standards", Appendix C1
 * "Street Suffix Abbreviations", the Postal Service standard suffix abbreviation column
 * (https://pe.usps.com/text/pub28/28apc_002.htm; a work of the United States government, in the
 * public domain).
 */
const USPS_STREET_SUFFIXES = new Set(
  (
    'ALY ANX ARC AVE BYU BCH BND BLF BLFS BTM BLVD BR BRG BRK BRKS BG BGS BYP CP CYN CPE CSWY ' +
    'CTR CTRS CIR CIRS CLF CLFS CLB CMN CMNS COR CORS CRSE CT CTS CV CVS CRK CRES CRST XING XRD ' +
    'XRDS CURV DL DM DV DR DRS EST ESTS EXPY EXT EXTS FALL FLS FRY FLD FLDS FLT FLTS FRD FRDS ' +
    'FRST FRG FRGS FRK FRKS FT FWY GDN GDNS GTWY GLN GLNS GRN GRNS GRV GRVS HBR HBRS HVN HTS ' +
    'HWY HL HLS HOLW INLT IS ISS ISLE JCT JCTS KY KYS KNL KNLS LK LKS LAND LNDG LN LGT LGTS LF ' +
    'LCK LCKS LDG LOOP MALL MNR MNRS MDW MDWS MEWS ML MLS MSN MTWY MT MTN MTNS NCK ORCH OVAL ' +
    'OPAS PARK PKWY PASS PSGE PATH PIKE PNE PNES PL PLN PLNS PLZ PT PTS PRT PRTS PR RADL RAMP ' +
    'RNCH RPD RPDS RST RDG RDGS RIV RD RDS RTE ROW RUE RUN SHL SHLS SHR SHRS SKWY SPG SPGS SPUR ' +
    'SQ SQS STA STRA STRM ST STS SMT TER TRWY TRCE TRAK TRFY TRL TRLR TUNL TPKE UPAS UN UNS VLY ' +
    'VLYS VIA VW VWS VLG VLGS VL VIS WALK WALL WAY WAYS WL WLS'
  ).split(' '),
);

/** Letters OCR reads for one another in print: a vertical stroke, a ring. */
function folded(word: string): string {
  return word
    .toUpperCase()
    .replace(/[IL1|]/g, 'I')
    .replace(/[O0]/g, 'O');
}

const FOLDED_SUFFIXES = new Map<string, string[]>();
for (const suffix of USPS_STREET_SUFFIXES) {
  const key = folded(suffix);
  FOLDED_SUFFIXES.set(key, [...(FOLDED_SUFFIXES.get(key) ?? []), suffix]);
}

/**
 * "<house number> <street name> <suffix>" up to the first comma or the end: the only place a
 * suffix is looked for, so a word elsewhere in a value is never changed.
 */
const STREET = /^(\d+[A-Za-z]?\s+(?:[A-Za-z][\w'.-]*\s+)+)([A-Za-z1|]{2,4})(?=\s*(?:,|$))/;

/** Writes the suffix in the address's own case: "Pl" among mixed case, "PL" in capitals. */
function inAddressCase(suffix: string, address: string): string {
  const letters = address.replace(/[^A-Za-z]/g, '');
  const lower = letters.replace(/[^a-z]/g, '').length;
  return lower > letters.length / 3 ? suffix[0] + suffix.slice(1).toLowerCase() : suffix;
}

/**
 * The address with its suffix read again when OCR misread it by a look-alike, or null when the
 * suffix is one already, is not in the suffix's place, or could be more than one suffix.
 */
export function withStreetSuffixRead(text: string): string | null {
  const match = STREET.exec(text);
  if (!match) return null;
  const word = match[2];
  if (USPS_STREET_SUFFIXES.has(word.toUpperCase())) return null;
  const candidates = FOLDED_SUFFIXES.get(folded(word));
  if (candidates?.length !== 1) return null;
  const suffix = inAddressCase(candidates[0], text);
  return text.slice(0, match[1].length) + suffix + text.slice(match[0].length);
}

/**
 * Whether the text opens as a street address: a house number, a street's name, and one of the
 * published suffixes before the first comma or the end ("8040 Forest Dr, Denver, CO 80202"),
 * after any stray quote OCR read into the house number's left edge.
 */
export function opensAsStreetAddress(text: string): boolean {
  const trimmed = text.trim();
  const match = STREET.exec(trimmed.slice(strayQuoteLength(trimmed)));
  return match !== null && USPS_STREET_SUFFIXES.has(match[2].toUpperCase());
}

/**
 * Whether a word is a street suffix as printed or as OCR misread it by a look-alike ("PI" for
 * "PL"), the look-alike naming one suffix only.
 */
export function readsAsStreetSuffix(word: string): boolean {
  return (
    USPS_STREET_SUFFIXES.has(word.toUpperCase()) || FOLDED_SUFFIXES.get(folded(word))?.length === 1
  );
}
