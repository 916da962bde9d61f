/** Unicode and whitespace clean-up shared by every module that compares text. */
export function normaliseText(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u2018\u2019\u201a\u2032]/g, "'")
    .replace(/[\u201c\u201d\u201e\u2033]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Abbreviations that label writers use interchangeably. Folding them means a schema that says
 * "policy number" also finds "Policy No." and "Policy #" without listing every spelling.
 */
const LABEL_TOKEN_ALIASES: Readonly<Record<string, string>> = {
  no: 'number',
  nbr: 'number',
  num: 'number',
  '#': 'number',
  dt: 'date',
  amt: 'amount',
  qty: 'quantity',
  '&': 'and',
  tel: 'phone',
  telephone: 'phone',
};

/** Lower-cased, accent-free word tokens; `#` and `&` survive because they carry meaning in labels. */
export function tokenise(text: string): string[] {
  return (
    normaliseText(text)
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .match(/[a-z0-9]+|[#&]/g) ?? []
  );
}

/** Tokens of a label or header, with abbreviations folded. */
export function labelTokens(text: string): string[] {
  return tokenise(text).map((token) => LABEL_TOKEN_ALIASES[token] ?? token);
}

export function levenshteinDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current.push(Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost));
    }
    previous = current;
  }
  return previous[b.length];
}

/**
 * Letter shapes OCR engines merge or split ("rn" read for "m", "1" for "l"). Comparing the
 * canonical forms catches slips that cost two edits but are one visual confusion.
 */
function ocrCanonical(token: string): string {
  return token
    .replace(/rn/g, 'm')
    .replace(/vv/g, 'w')
    .replace(/cl/g, 'd')
    .replace(/[1|!]/g, 'l')
    .replace(/0/g, 'o')
    .replace(/5/g, 's');
}

function editSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  if (Math.min(a.length, b.length) < 4) return 0;
  return 1 - levenshteinDistance(a, b) / Math.max(a.length, b.length);
}

/**
 * Similarity of two tokens in 0..1. Short tokens must match exactly (after OCR canonicalising):
 * one slip in "of" or "no" makes a different word, while "Po1icy" is still recognisably "policy".
 */
export function tokenSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  const direct = editSimilarity(a, b);
  if (direct >= 0.9) return direct;
  // Slightly below an exact match: the confusion is likely, not certain.
  return Math.max(direct, 0.95 * editSimilarity(ocrCanonical(a), ocrCanonical(b)));
}
