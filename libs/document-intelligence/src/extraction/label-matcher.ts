import type { TextLine } from '../text-layer/line-grouper';
import { splitSegments } from '../text-layer/line-grouper';
import { tokenSimilarity } from '../text-layer/text-normaliser';
import {
  type CaptionTerm,
  captionTerms,
  otherParty,
  wordCaptionTerms,
} from '../vocabulary/label-vocabulary';
import { letterMatches } from './caption-letters.matcher';

/** An occurrence of a label phrase on a line. Word indices refer to `line.words`. */
export interface LabelMatch {
  readonly line: TextLine;
  readonly lineIndex: number;
  readonly startWord: number;
  /**
   * Where the printed caption starts: the plain words before the phrase belong to it
   * ("CONTACT" of "CONTACT PHONE:" when the phrase was "Phone").
   */
  readonly captionStart: number;
  /** Exclusive; includes a trailing word that only carries the colon. */
  readonly endWord: number;
  /** 0..1: token similarity times how much of the printed label the phrase explains. */
  readonly score: number;
  readonly endsWithColon: boolean;
  /** The whole segment is the label (a box caption or column header). */
  readonly alone: boolean;
  readonly phrase: string;
}

interface LineToken extends CaptionTerm {
  readonly word: number;
  /** The OCR confidence of the word the token comes from (1 for a PDF's own text). */
  readonly confidence: number;
}

/** Below this a token pair is a different word rather than an OCR slip. */
const FUZZY_TOKEN_MATCH = 0.8;
/**
 * A word OCR read at least this sure is what was printed ("Insurer" stays "Insurer", not a slip
 * of "Insured"): on the development scans no letter word read this sure was misread.
 */
const SURE_OCR = 0.92;
/** A caption the phrase explains less than this share of belongs to another question. */
const MIN_EXPLAINED = 0.34;
/** How much of the score an unexplained share of the caption costs. */
const UNEXPLAINED_PENALTY = 0.5;
/** Labels without a colon are more often prose; they keep most, not all, of their score. */
const NO_COLON_FACTOR = 0.92;

function lineTokens(line: TextLine): LineToken[] {
  const tokens: LineToken[] = [];
  line.words.forEach((word, index) => {
    for (const term of wordCaptionTerms(word.text)) {
      tokens.push({ ...term, word: index, confidence: word.confidence });
    }
  });
  return tokens;
}

/** Stems equal, or (OCR text read unsure) the printed word a slip away from the wanted one. */
function termSimilarity(printed: LineToken, wanted: CaptionTerm, fuzzy: boolean): number {
  if (printed.stem === wanted.stem) return 1;
  if (!fuzzy || printed.confidence >= SURE_OCR) return 0;
  // The parties on either side ("Insurer" / "Insured") differ by their ending alone, and OCR
  // reads an ending as surely as the rest: never a slip of one another.
  if (otherParty(printed, wanted)) return 0;
  return Math.max(
    tokenSimilarity(printed.text, wanted.text),
    tokenSimilarity(printed.stem, wanted.stem),
  );
}

/**
 * Mean similarity of a window of printed tokens to the phrase's tokens in any order ("Insured
 * name" = "Name of insured" once stop words are gone), or null when some phrase token has no
 * counterpart. Greedy pairing is enough: phrases are a few tokens long.
 */
function windowSimilarity(
  window: readonly LineToken[],
  wanted: readonly CaptionTerm[],
  fuzzy: boolean,
): number | null {
  const free = [...window];
  let total = 0;
  for (const token of wanted) {
    let best = -1;
    let bestScore = 0;
    free.forEach((printed, k) => {
      const score = termSimilarity(printed, token, fuzzy);
      if (score > bestScore) {
        best = k;
        bestScore = score;
      }
    });
    if (best < 0 || bestScore < FUZZY_TOKEN_MATCH) return null;
    free.splice(best, 1);
    total += bestScore;
  }
  return total / wanted.length;
}

function endsWithColon(text: string): boolean {
  // "10:30" is a time, not a label end. A dot or underscore leader ends a label as a colon does.
  return /:$/.test(text.trim()) || /:\s*$/.test(text) || /[._…·]{3,}$/.test(text);
}

function segmentBounds(line: TextLine, wordIndex: number): { start: number; end: number } {
  let start = 0;
  for (const segment of splitSegments(line)) {
    const end = start + segment.words.length;
    if (wordIndex < end) return { start, end };
    start = end;
  }
  return { start: 0, end: line.words.length };
}

/** What findLabelMatches reads besides the phrases' own words. */
export interface LabelMatchOptions {
  /**
   * Also a caption that prints only the head noun of a phrase of two or more words ("Insured"
   * for "Named Insured", "Company" for "Insurance Company"): see headMatches.
   */
  readonly heads?: boolean;
}

export function findLabelMatches(
  lines: readonly TextLine[],
  phrases: readonly string[],
  fuzzy: boolean,
  options: LabelMatchOptions = {},
): LabelMatch[] {
  const compiled = phrases
    .map((phrase) => ({ phrase, tokens: captionTerms(phrase) }))
    .filter((p) => p.tokens.length > 0);
  const matches: LabelMatch[] = options.heads ? headMatches(lines, phrases, fuzzy) : [];

  lines.forEach((line, lineIndex) => {
    const allTokens = lineTokens(line);
    const contentTokens = allTokens.filter((t) => !t.stop);
    for (const { phrase, tokens: wanted } of compiled) {
      // Stop words do not count, except for a caption made only of them ("To", "From").
      const tokens = wanted.every((t) => t.stop) ? allTokens : contentTokens;
      for (let i = 0; i + wanted.length <= tokens.length; i += 1) {
        // A label starts at the beginning of a word.
        if (i > 0 && tokens[i - 1].word === tokens[i].word) continue;
        const similarity = windowSimilarity(tokens.slice(i, i + wanted.length), wanted, fuzzy);
        if (similarity === null) continue;
        const match = scoreMatch(line, lineIndex, tokens, i, i + wanted.length, similarity, phrase);
        if (match) matches.push(match);
      }
      if (fuzzy) matches.push(...printedAsLabel(line, lineIndex, phrase));
    }
  });
  return dedupe(matches);
}

/**
 * Words naming what kind of value is asked for rather than which one ("Date" of "Date of
 * Loss", "Number" of "Invoice Number"): a caption printing only one of them says too little.
 */
const KIND_HEADS: ReadonlySet<string> = new Set([
  'number',
  'id',
  'identifier',
  'reference',
  'code',
  'date',
  'amount',
  'name',
  'value',
]);
/**
 * A caption printing only a phrase's head noun names the kind of thing the field is, not
 * which one: a guess a reviewer confirms (below field-results' weak-caption score, 0.72).
 */
const HEAD_SCORE = 0.65;

/**
 * The head noun of a field phrase of two or more content words, as English noun phrases are
 * built: the word before "of" ("Line" of "Line of Business"), else the last word ("Insured" of
 * "Named Insured", "Company" of "Insurance Company"). Null for a one-word phrase, a head that
 * only names a kind of value, or a word too short to be more than an abbreviation.
 */
export function phraseHead(phrase: string): CaptionTerm | null {
  const all = wordCaptionTerms(phrase);
  const content = all.filter((t) => !t.stop);
  if (content.length < 2) return null;
  const of = all.findIndex((t) => t.text === 'of');
  const before = of > 0 ? all.slice(0, of).filter((t) => !t.stop) : [];
  const head = before.length > 0 ? before[before.length - 1] : content[content.length - 1];
  if (KIND_HEADS.has(head.text) || !/^[a-z]{4,}$/.test(head.text)) return null;
  return head;
}

/**
 * Captions that print a phrase's head noun and nothing more, alone in their segment or ending
 * in a colon ("Insured:" for a field labelled "Named Insured"): the printed caption is the
 * broader name of what the field asks for, and its answer stands where any caption's does.
 * Scored HEAD_SCORE, so the reading is flagged as a weak caption match.
 */
function headMatches(
  lines: readonly TextLine[],
  phrases: readonly string[],
  fuzzy: boolean,
): LabelMatch[] {
  const heads = phrases.flatMap((phrase) => {
    const head = phraseHead(phrase);
    return head ? [{ phrase, head }] : [];
  });
  const found: LabelMatch[] = [];
  if (heads.length === 0) return found;
  lines.forEach((line, lineIndex) => {
    const tokens = lineTokens(line).filter((t) => !t.stop);
    for (const { phrase, head } of heads) {
      tokens.forEach((token, i) => {
        if (i > 0 && tokens[i - 1].word === token.word) return;
        const similarity = windowSimilarity([token], [head], fuzzy);
        if (similarity === null) return;
        const match = scoreMatch(line, lineIndex, tokens, i, i + 1, similarity, phrase);
        if (!match || !(match.alone || match.endsWithColon)) return;
        // The caption is the head word and nothing more (its colon aside).
        const printed = tokens.filter(
          (t) => t.word >= match.captionStart && t.word < match.endWord,
        );
        if (printed.length !== 1) return;
        found.push({ ...match, score: similarity * HEAD_SCORE });
      });
    }
  });
  return found;
}

/**
 * Captions OCR read as the whole label with a letter or two wrong, or with its words split or
 * run together (caption-letters.matcher.ts). The caption must be the label and nothing more:
 * no plain words before it in its phrase, and after it the phrase ends, a colon follows, or
 * the answer starts.
 */
function printedAsLabel(line: TextLine, lineIndex: number, phrase: string): LabelMatch[] {
  const found: LabelMatch[] = [];
  for (const letters of letterMatches(line, phrase)) {
    const { startWord, segmentStart, segmentEnd } = letters;
    if (labelPrefixStart(line, segmentStart, startWord) !== startWord) continue;
    let endWord = letters.endWord;
    // A colon OCR read as a word of its own ends the caption.
    if (endWord < segmentEnd && /^[:;]$/.test(line.words[endWord].text)) endWord += 1;
    const next = endWord < segmentEnd ? line.words[endWord].text : null;
    const colon = endsWithColon(line.words[endWord - 1].text);
    if (next !== null && !colon && !/\d/.test(next)) continue;
    const alone = startWord === segmentStart && endWord === segmentEnd;
    found.push({
      line,
      lineIndex,
      startWord,
      captionStart: startWord,
      endWord,
      score: letters.similarity * (colon || alone ? 1 : NO_COLON_FACTOR),
      endsWithColon: colon,
      alone,
      phrase,
    });
  }
  return found;
}

function scoreMatch(
  line: TextLine,
  lineIndex: number,
  tokens: readonly LineToken[],
  firstToken: number,
  endToken: number,
  similarity: number,
  phrase: string,
): LabelMatch | null {
  const startWord = tokens[firstToken].word;
  const segment = segmentBounds(line, startWord);
  const lastWord = withStopWordsAfter(line, tokens[endToken - 1].word, segment.end, phrase);
  // A caption is printed in one piece: a match reaching across the gap to the next phrase
  // ("Bill Number  Vehicle Identification No." read as "Number Vehicle Identification") joins
  // two captions.
  if (lastWord >= segment.end) return null;
  const wordsInMatch = lastWord - startWord + 1;
  const matchedTokens = endToken - firstToken;

  // Find where the printed label ends: the matched word itself, or a colon a few words later
  // ("Date of Loss:" when the phrase was only "date").
  let colonWord = -1;
  for (let w = lastWord; w < Math.min(segment.end, lastWord + 4); w += 1) {
    if (endsWithColon(line.words[w].text)) {
      colonWord = w;
      break;
    }
  }
  // Tokens of the printed label that the phrase does not explain make the match doubtful:
  // "date" inside "Date of Birth:" is not the loss date.
  const countTokens = (from: number, to: number): number =>
    tokens.filter((t) => t.word >= from && t.word < to).length;
  const labelStart = labelPrefixStart(line, segment.start, startWord);
  const before = countTokens(labelStart, startWord);
  const trailingInWord = tokens.filter((t, k) => t.word === lastWord && k >= endToken).length;
  const after =
    colonWord >= 0 ? countTokens(lastWord + 1, colonWord + 1) + trailingInWord : trailingInWord;
  // The share of the printed caption the phrase explains. A plain label naming the caption's
  // head word ("Phone" for "CONTACT PHONE") is still a good match; "date" inside a long
  // caption about something else is not.
  const explained = matchedTokens / (matchedTokens + before + after);
  if (explained < MIN_EXPLAINED) return null;
  const coverage = 1 - UNEXPLAINED_PENALTY * (1 - explained);

  const endWord = colonWord >= 0 ? colonWord + 1 : lastWord + 1;
  const alone = labelStart === segment.start && endWord === segment.end;
  const colon = colonWord >= 0;
  const score =
    similarity *
    coverage *
    (colon || alone ? 1 : NO_COLON_FACTOR) *
    (wordsInMatch > matchedTokens + 1 ? 0.9 : 1);
  return {
    line,
    lineIndex,
    startWord,
    captionStart: labelStart,
    endWord,
    score,
    endsWithColon: colon,
    alone,
    phrase,
  };
}

/**
 * The caption's last word, past the stop words the phrase ends with when they are printed
 * after the match ("Received By" over "Received  By  D. Marsh", FUNSD 87528321): the match
 * sees content words only, and the answer would open with the caption's "By".
 */
function withStopWordsAfter(
  line: TextLine,
  lastWord: number,
  segmentEnd: number,
  phrase: string,
): number {
  const terms = wordCaptionTerms(phrase);
  let lastContent = terms.length - 1;
  while (lastContent >= 0 && terms[lastContent].stop) lastContent -= 1;
  if (lastContent < 0) return lastWord;
  const trailing = terms.slice(lastContent + 1).map((t) => t.text);
  const printed = line.words
    .slice(lastWord + 1, Math.min(segmentEnd, lastWord + 1 + trailing.length))
    .map((w) => w.text.toLowerCase().replace(/[^\p{L}]/gu, ''));
  const all = trailing.length > 0 && trailing.every((word, k) => printed[k] === word);
  return all ? lastWord + trailing.length : lastWord;
}

/**
 * Where the printed label starts: the run of plain words directly before the match, back to
 * the segment start. A colon word or a word with digits ends the run, because it belongs to the
 * previous "Label: value" pair ("From 06/25/2023 To ..." - "To" is a whole label).
 */
function labelPrefixStart(line: TextLine, segmentStart: number, startWord: number): number {
  for (let w = startWord - 1; w >= segmentStart; w -= 1) {
    const text = line.words[w].text;
    if (endsWithColon(text) || /\d/.test(text)) return w + 1;
  }
  return segmentStart;
}

/** Several phrases may hit the same words; keep the best-scoring one per starting word. */
function dedupe(matches: readonly LabelMatch[]): LabelMatch[] {
  const best = new Map<string, LabelMatch>();
  for (const match of matches) {
    const key = `${match.line.pageNumber}:${match.lineIndex}:${match.startWord}`;
    const current = best.get(key);
    if (
      !current ||
      match.score > current.score ||
      (match.score === current.score && match.endWord > current.endWord)
    ) {
      best.set(key, match);
    }
  }
  return [...best.values()];
}
