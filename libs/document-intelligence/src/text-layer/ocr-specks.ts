import { readsAsStreetSuffix } from '../values/street-suffix';
import { boxHeight, verticalOverlapRatio } from './box-geometry';
import type { PositionedWord } from './text-layer.types';

/*
 * Specks: what OCR reads from dust, noise and ruling lines on a scan (`.`, `,`, `;`, `'`, `|`,
 * `©`, `~~`). They stand between the cells of a row and between the words of a header, where
 * they break lines apart (a speck a little above a row becomes the word the row's next cell is
 * chained to) and cut header rows into phrases that are no captions. Words with a letter or a
 * digit are never specks; signs that carry meaning (currency, `#`, `%`, `&`, `/`, brackets of a
 * tick box) and dot leaders are kept.
 */

/**
 * Nothing but marks that mean nothing alone. Braces too: no form prints one alone, and OCR reads
 * one from a speck (a `}` at 0.00 between a harsh scan's columns ended a table of draw 7032 at its
 * fourth row). Brackets stay: a tick box's are read apart (`[` `]`).
 */
const MARKS_ONLY = /^[.,:;'"`|~_\-–—=!?*^°©®«»‘’“”§¢\\{}]+$/u;
/** A dot or underscore leader drawn from a caption to its answer: printed, not a speck. */
export const WHOLE_LEADER = /^[._…·]{3,}$/;
/** A run of leader dots inside a word. */
const LEADER_RUN = /[._…·]{3,}/;
/**
 * A ruling line read as text: a speck at any confidence. A lone dash or underscore is left to
 * the confidence rule, as forms print them ("9 - 3", a blank to fill in).
 */
const RULING = /^(?:\|+|~+|=+|[-–—_]{2,})$/u;
/** OCR this unsure of a lone mark read noise, not print. */
const UNSURE_MARK = 0.5;
/**
 * A lone letter at most this share of the page's usual word height is a speck read as a letter
 * ("i" from a dot over a blot): print is as tall as the words around it.
 */
const SPECK_HEIGHT = 0.5;
/**
 * A lone glyph boxed at most this share of the usual word height is a sliver of noise however
 * sure OCR was (short of sure): a small print's letters (FUNSD's, a fifth of the usual height and
 * more) stand taller.
 */
const SLIVER = 0.15;
/** OCR's confidence below which it read next to nothing from the ink. */
const NOTHING_READ = 0.05;
/** A lone letter read so, at most this share of the usual word height, is a blot. */
const BLOT_HEIGHT = 0.6;
/** An unsure word at most this share of the usual word height is no print (see isFlatJunk). */
const FLAT_PRINT = 0.3;
/** Glyphs this many times wider than their box is tall are dots spread along a line. */
const SPREAD_GLYPH = 2;
/** An unsure word this many times the usual word height stands across rows, not on one. */
const TALL_JUNK_HEIGHTS = 3;
/**
 * Glyphs narrower than this share of their box's height are strokes, not letters: handwriting
 * written large runs to a fifth and more (FUNSD's training forms: `posses`, `Task`).
 */
const SMUDGE_GLYPH = 0.15;
/**
 * A sign that carries meaning read alone (`&`, `#`, `%`) is print however unsure OCR was of it
 * (0.90 and more on the harsh scans of draw 7024, `Property & Casualty`), save where OCR gave it
 * next to nothing: there it read a blot. An `&` at 0.00 between `Estimated Amount` and `Insured
 * Entity` ran the two captions into one phrase, and the amount under the first was lost.
 */
const UNSURE_SIGN = 0.1;
const LONE_SIGN = /^[&#%]$/;
/**
 * A lone small `i` or `l` is no English word: OCR reads one from a box's edge, a rule or a speck
 * (`i BROKER`, `i insured` on the harsh scans of draws 7024; 19 such words on the scans of
 * 7024, 7025 and 606, 75 on FUNSD's forms, none of them an annotated word), and unless read sure
 * it stands between a caption's words or before them. Below this it is a speck.
 */
const SURE_STROKE = 0.9;
const STROKE_LETTER = /^[il]$/;

/** A colon this close (line heights) after a word is that word's caption end. */
const ATTACHED_COLON_GAP = 0.6;

/** A word OCR read from noise or a ruling line rather than from print. */
export function isSpeck(word: Pick<PositionedWord, 'text' | 'confidence'>): boolean {
  const text = word.text.trim();
  if (!MARKS_ONLY.test(text) || WHOLE_LEADER.test(text)) return false;
  return RULING.test(text) || word.confidence < UNSURE_MARK;
}

/** A colon or stop read sure is print only where it closes the word before it. */
function isStop(word: PositionedWord): boolean {
  return /^[:;.,]$/.test(word.text.trim());
}

/** A colon read on its own ("CLASS OF BUSINESS :"), which may end the caption before it. */
function isColon(word: PositionedWord): boolean {
  return /^[:;]$/.test(word.text.trim());
}

/**
 * An OCR page's words without its specks (`aspect`: page height over width). A colon standing
 * right after a word keeps its place (a caption's end read as a word of its own), however
 * unsure; marks read sure are print, rulings aside. A dotted leader OCR read as junk letters,
 * flat and unsure, is put back as the leader a PDF's text would give (a caption's mark, as a
 * colon is); a flat unsure word shorter than a leader is a speck and dropped.
 */
export function withoutSpecks<W extends PositionedWord>(words: readonly W[], aspect: number): W[] {
  const usual = usualHeight(words);
  const leaders = new Set(words.filter((w) => readLeader(w, words, usual, aspect)));
  const tiny = new Set(
    words.filter(
      (w) =>
        !leaders.has(w) &&
        (isTinyLetter(w, usual) ||
          isFlatJunk(w, usual, aspect) ||
          isTallSmudge(w, usual, aspect) ||
          isBlotSign(w) ||
          isStrokeLetter(w)),
    ),
  );
  const cleaned = words.map((w) =>
    leaders.has(w) && usual !== undefined ? asLeader(w, usual) : w,
  );
  const marks = cleaned.filter(
    (w) => tiny.has(w) || (MARKS_ONLY.test(w.text.trim()) && !WHOLE_LEADER.test(w.text.trim())),
  );
  if (marks.length === 0) return cleaned;
  const print = cleaned.filter((w) => !marks.includes(w));
  const attached = (mark: W): boolean =>
    print.some((word) => {
      // Boxes are normalised per axis: the aspect ratio turns a height into a width.
      const height = boxHeight(word.box) * aspect;
      const gap = mark.box.x0 - word.box.x1;
      return (
        gap >= -height * 0.2 &&
        gap < height * ATTACHED_COLON_GAP &&
        verticalOverlapRatio(word.box, mark.box) >= 0.5
      );
    });
  return cleaned.filter(
    (word) =>
      !marks.includes(word) ||
      (!tiny.has(word) &&
        ((isColon(word) && attached(word)) ||
          (!isSpeck(word) && (!isStop(word) || attached(word))))),
  );
}

/** A lone small i or l OCR was unsure of: a stroke of a box or a rule read as a letter. */
function isStrokeLetter(word: PositionedWord): boolean {
  return STROKE_LETTER.test(word.text.trim()) && word.confidence < SURE_STROKE;
}

/** A lone sign OCR was unsure of: a blot read as `&`, `#` or `%`. */
function isBlotSign(word: PositionedWord): boolean {
  return LONE_SIGN.test(word.text.trim()) && word.confidence < UNSURE_SIGN;
}

/** The page's usual word height (median of words of three characters or more), if it has enough. */
function usualHeight(words: readonly PositionedWord[]): number | undefined {
  const heights = words
    .filter((w) => w.text.trim().length >= 3)
    .map((w) => boxHeight(w.box))
    .sort((a, b) => a - b);
  return heights.length < 5 ? undefined : heights[Math.floor(heights.length / 2)];
}

/**
 * A lone letter (no digit: a "1" may be a quantity) read unsure and far smaller than the page's
 * words, or a lone letter or digit boxed flatter than print: noise OCR took for a glyph. It
 * splits a row of captions into one more segment than it has columns.
 */
function isTinyLetter(word: PositionedWord, usual: number | undefined): boolean {
  const text = word.text.trim();
  if (usual === undefined || text.length !== 1 || !/[\p{L}\p{N}]/u.test(text)) return false;
  const height = boxHeight(word.box);
  return (
    (/\p{L}/u.test(text) && word.confidence < UNSURE_MARK && height <= usual * SPECK_HEIGHT) ||
    // Read at next to no confidence, a letter short of a capital's height is a blot: an `S` at
    // 0.00 between "Net Amount" and its figure on a harsh scan of draw 7032 took the caption's
    // answer. A mark's letter (X, Y, N) is an answer however unsure.
    (/^[^\d\sXxYN]$/u.test(text) &&
      word.confidence < NOTHING_READ &&
      height <= usual * BLOT_HEIGHT) ||
    // Boxed flatter than any letter or digit prints, it is a speck whatever OCR's confidence
    // short of sure: a "2" at 0.60 on a harsh scan of draw 7029, its box a pixel tall, took the
    // policy number under it into a line of its own, away from its caption.
    (word.confidence < SURE_STROKE && height <= usual * SLIVER)
  );
}

/**
 * A word read unsure from a dotted leader or a smudge along a baseline: the harsh scan's dots,
 * blurred and noisy, come back as letters ("aa PR labs eed", "AGES hii") boxed as flat as the
 * dots. Its box is at most half the usual word height, and either flatter still than any print
 * (letters of the smallest lower case stand half as tall as a word with capitals) or spread:
 * each glyph twice as wide as the box is tall, where print's letters are about as wide as
 * tall. Kept among the words, such a box overlaps every line it touches in full and chains
 * the next cell or answer to the wrong line; as text it becomes a caption's answer.
 */
function isFlatJunk(word: PositionedWord, usual: number | undefined, aspect: number): boolean {
  const text = word.text.trim();
  const height = boxHeight(word.box);
  if (usual === undefined || [...text].length < 2 || word.confidence >= UNSURE_MARK) return false;
  if (LEADER_RUN.test(text) || height > usual * SPECK_HEIGHT) return false;
  const glyphWidth = (word.box.x1 - word.box.x0) / [...text].length;
  // Boxes are normalised per axis: the aspect ratio turns a height into a width.
  return height <= usual * FLAT_PRINT || glyphWidth >= SPREAD_GLYPH * height * aspect;
}

/** A leader is at least this many usual word heights long; a speck is a glyph wide. */
const LEADER_LENGTH = 2;

/**
 * A dotted leader OCR read unsure, flat along the baseline: as junk letters spread over a
 * leader's length ("aa", "labs", "AGES"), or as dots run on into junk letters
 * ("..........oocerioivniinns").
 */
function readLeader(
  word: PositionedWord,
  words: readonly PositionedWord[],
  usual: number | undefined,
  aspect: number,
): boolean {
  if (usual === undefined || word.confidence >= UNSURE_MARK) return false;
  const text = word.text.trim();
  if (WHOLE_LEADER.test(text)) return false;
  if (LEADER_RUN.test(text)) return boxHeight(word.box) <= usual * SPECK_HEIGHT;
  return (
    isFlatJunk(word, usual, aspect) &&
    word.box.x1 - word.box.x0 >= LEADER_LENGTH * usual * aspect &&
    ledFrom(word, words, usual, aspect)
  );
}

/** A leader starts within this many usual word heights of the caption (or leader piece) it leads from. */
const LEADER_START_GAP = 3;

/**
 * Whether flat junk starts right after a word on its baseline, as a leader runs on from its
 * caption: a ruling under a form's blank answer space, read as junk letters far from any
 * caption (FUNSD 82253058: `oo` under a blank after "DISTRIBUTOR INVOLVEMENT:"), is no leader,
 * and standing as tall as a line it would become that caption's answer.
 */
function ledFrom(
  junk: PositionedWord,
  words: readonly PositionedWord[],
  usual: number,
  aspect: number,
): boolean {
  const reach = LEADER_START_GAP * usual * aspect;
  return words.some(
    (w) =>
      w !== junk &&
      w.box.x1 <= junk.box.x0 + usual * aspect &&
      junk.box.x0 - w.box.x1 <= reach &&
      Math.abs(w.box.y1 - junk.box.y1) <= usual,
  );
}

/**
 * The leader as a PDF's text has it: dots, standing as tall as the line's words from its dots'
 * bottom (a flat box would overlap every line it touches in full).
 */
function asLeader<W extends PositionedWord>(word: W, usual: number): W {
  return {
    ...word,
    text: '.'.repeat(Math.max(3, [...word.text.trim()].length)),
    box: { ...word.box, y0: Math.max(0, word.box.y1 - usual) },
  };
}

/**
 * Marks OCR glues to the front of a word from a ruling line, a box's edge or a blot: `|LOSS`,
 * `"EST.`, `[Coverage`, `'$15669.`.
 */
const GLUED_MARKS = /^([|'"`‘’“”[{]+)(?=[\p{L}$€£¥])/u;
const OPENING_QUOTE = /^['"`‘“]/u;
/**
 * A quote before a word in capitals, read short of sure: a caption's box edge or a speck
 * (`"CLIENT` at 0.55 on a harsh scan of draw 7028, which broke a column of captions over
 * answers), never a quotation, which opens on prose and closes.
 */
const QUOTED_CAPITALS = /^['"`‘“]\p{Lu}{3,}$/u;
function quotedCaption(text: string, confidence: number): boolean {
  return QUOTED_CAPITALS.test(text) && confidence < SURE_STROKE;
}
const CLOSING_QUOTE = /['"’”][.,;:!?]?$/u;
const CLOSING_BRACKET = /[\]}]/u;

/**
 * An OCR word without the marks glued to its front, its box starting where its letters do: a
 * ruling's `|` always, a bracket never closed in the same word (a box's edge: `[Coverage Ends`
 * on a scan of draw 7022), a quote only when read unsure and never closed in the same word (a
 * printed quotation opens and closes). A caption so marked is no caption to the layout.
 */
export function withoutGluedMarks<W extends PositionedWord>(word: W): W {
  const text = word.text.trim();
  const marks = GLUED_MARKS.exec(text)?.[1];
  if (!marks) return word;
  const quoted = OPENING_QUOTE.test(marks);
  if (
    quoted &&
    ((word.confidence >= UNSURE_MARK && !quotedCaption(text, word.confidence)) ||
      CLOSING_QUOTE.test(text))
  )
    return word;
  if (/[[{]/.test(marks) && CLOSING_BRACKET.test(text)) return word;
  const letters = [...text];
  const cut = [...marks].length;
  const width = word.box.x1 - word.box.x0;
  return {
    ...word,
    text: letters.slice(cut).join(''),
    box: { ...word.box, x0: word.box.x0 + (width * cut) / letters.length },
  };
}

/** A caption-styled word OCR ended with a semicolon ("ID;"): the colon's lower dot read twice. */
const SEMICOLON_CAPTION_END = /^\p{Lu}[\p{L}\p{N}.#/&'-]*;$/u;
/** What a caption's answer starts with; prose after a semicolon goes on in lower case. */
const ANSWER_START = /^[\p{Lu}\p{N}$€£¥(#]/u;
/**
 * A word in capitals OCR ended with a comma it was unsure of ("BEGINS," at 0.60 in `COVERAGE
 * BEGINS, August 28, 2023` on a harsh scan of draw 7024): the colon's dots read as one. A comma
 * read surely, or one before more capitals ("DOE, JOHN"), is print.
 */
const COMMA_CAPTION_END = /^\p{Lu}{2,}[\p{Lu}.#/&'-]*,$/u;
const UNSURE_COMMA = 0.8;
const CAPITALS = /^[^\p{Ll}]*$/u;

/**
 * The same with its capital read small, before a figure: `inception; 2024-03-06` (a harsh scan
 * of draw 7029), the I read as an i, a letter alike but for its size or stroke (c o s v w x z,
 * i or l for I). Prose goes on after a semicolon in words.
 */
const SMALL_SEMICOLON_CAPTION_END = /^[coswvxzil]\p{Ll}{2,};$/u;
const FIGURE_START = /^[\p{N}$€£¥(]/u;

/** Whether a word ends a caption whose colon OCR read as a semicolon or an unsure comma. */
function endsCaptionMisread(word: PositionedWord, next: PositionedWord): boolean {
  if (!ANSWER_START.test(next.text)) return false;
  if (SEMICOLON_CAPTION_END.test(word.text)) return true;
  if (SMALL_SEMICOLON_CAPTION_END.test(word.text) && FIGURE_START.test(next.text)) return true;
  return (
    COMMA_CAPTION_END.test(word.text) && word.confidence < UNSURE_COMMA && !CAPITALS.test(next.text)
  );
}

/** A house number: where a street address starts. */
const HOUSE_NUMBER = /^\d{1,6}[A-Za-z]?$/;
/** Words of a street's name between its house number and its suffix. */
const STREET_NAME_WORDS = 3;

/**
 * A street suffix a few words after a house number, ended by OCR with a colon, a semicolon or a
 * comma, before more of the address: the address's comma, never a caption's colon ("4632 Park
 * PI, Boise, ID 83702" on a scan of draw 7029, its comma read unsure after capitals and taken for
 * a colon, made a caption "Park PI" over "Boise, ID 83702", and the address was lost).
 */
function endsStreetBeforeMore(line: readonly PositionedWord[], i: number): boolean {
  const match = /^(\p{L}{2,4})[:;,]$/u.exec(line[i].text);
  if (!match || i + 1 >= line.length || !readsAsStreetSuffix(match[1])) return false;
  const before = line.slice(Math.max(0, i - 1 - STREET_NAME_WORDS), i);
  const house = before.findIndex((w) => HOUSE_NUMBER.test(w.text));
  return house >= 0 && before.slice(house + 1).every((w) => /^\p{L}/u.test(w.text));
}

/**
 * An OCR line's words with a caption's colon read as a semicolon put right ("Policy ID;
 * PA-2021-210767"), or as a comma OCR was unsure of after a caption in capitals: the word ending
 * in one, followed on its line by an answer's start. Prose after a semicolon goes on in lower
 * case and is left as read; a street address's suffix keeps (or gets back) its comma.
 */
export function withColonsRestored<W extends PositionedWord>(line: readonly W[]): W[] {
  return line.map((word, i) => {
    if (endsStreetBeforeMore(line, i)) return { ...word, text: `${word.text.slice(0, -1)},` };
    const next = line[i + 1];
    if (!next || !endsCaptionMisread(word, next)) return word;
    return { ...word, text: `${word.text.slice(0, -1)}:` };
  });
}

/** `ID` as OCR reads it: a 1, an l or a bar for the I. */
const MISREAD_ID = /^[1l|]D([:.#]?)$/;
/** A caption's noun before it: a word of letters alone. */
const CAPTION_NOUN = /^\p{L}{3,}$/u;
/** Words further apart than this many line heights stand in different phrases. */
const PHRASE_GAP_HEIGHTS = 1;

/**
 * An OCR line's words with a caption's `ID` read back where OCR took its I for a 1 or an l
 * (`Claim 1D` at 0.93 on harsh scans of draws 7026 and 7027): after a word of letters in its
 * phrase, ending that phrase. As a value, such a caption read `1D` stands where the answer
 * belongs, and with a digit in it the caption is no caption. (`Apt 1D` in an address goes on
 * with its street: it does not end its phrase.)
 */
export function withIdCaptionRead<W extends PositionedWord>(
  line: readonly W[],
  aspect: number,
): W[] {
  return line.map((word, i) => {
    const misread = MISREAD_ID.exec(word.text);
    const before = line[i - 1];
    const after = line[i + 1];
    if (!misread || !before || !CAPTION_NOUN.test(before.text)) return word;
    // Boxes are normalised per axis: the aspect ratio turns a height into a width.
    const height = boxHeight(word.box) * aspect;
    const apart = (left: W, right: W): boolean =>
      right.box.x0 - left.box.x1 > PHRASE_GAP_HEIGHTS * height;
    if (apart(before, word) || (after && !apart(word, after))) return word;
    return { ...word, text: `ID${misread[1]}` };
  });
}

/** An answer's first word read at least this sure after junk at a leader's end is print. */
const SURE_ANSWER_AFTER_LEADER = 0.6;
/** Capitals read below this at a leader's end are no answer's first word but blurred dots. */
const BLURRED_DOTS_IN_CAPITALS = 0.3;

/** Junk as OCR reads a leader's blurred end: small letters, or capitals at next to no confidence. */
function leaderTail(word: PositionedWord): boolean {
  const text = word.text.trim();
  return (
    /^\p{Ll}+[,.;]?$/u.test(text) ||
    (word.confidence < BLURRED_DOTS_IN_CAPITALS && /^\p{Lu}+$/u.test(text))
  );
}

/** Letters this many or fewer, glued to a leader's end, may be its blurred last dots. */
const STRANDED_LETTERS = 3;
/** The gap after such a word, in its own widths, that leaves it with the leader, not the answer. */
const STRANDED_GAP_WIDTHS = 3;

/**
 * A few letters touching the leader's end and far from the next word: the leader's blurred last
 * dots, whatever their case (`Writing Company .......... Fe      Granite Mutual Insurance`, `Fe`
 * at 0.31 on a harsh scan of draw 7032). An answer's first word stands a word space from the
 * rest of the answer.
 */
function strandedAfterLeader(
  word: PositionedWord,
  leader: PositionedWord | undefined,
  next: PositionedWord | undefined,
): boolean {
  if (!leader || !next || [...word.text.trim()].length > STRANDED_LETTERS) return false;
  const width = word.box.x1 - word.box.x0;
  return (
    word.box.x0 - leader.box.x1 <= width / 2 &&
    next.box.x0 - word.box.x1 >= STRANDED_GAP_WIDTHS * width
  );
}

/**
 * An OCR line's words with the junk OCR read inside a dotted leader made part of it: a word read
 * unsure, with no digit, standing between two leader words ("Bill Number ....... ER ...
 * INV/10038"), or in small letters at the leader's end before an answer read sure. The runner
 * found the leader's dots on either side but not the blurred ones between; as text the junk
 * would be the caption's answer, or its first word.
 */
export function withLeadersJoined<W extends PositionedWord>(line: readonly W[]): W[] {
  const isLeader = (word: W | undefined): boolean =>
    word !== undefined && WHOLE_LEADER.test(word.text.trim());
  const junk = (word: W): boolean =>
    word.confidence < UNSURE_MARK && !/\p{N}/u.test(word.text) && !isLeader(word);
  return line.map((word, i) => {
    if (!junk(word)) return word;
    let before = i - 1;
    while (before >= 0 && junk(line[before]!)) before -= 1;
    let after = i + 1;
    while (after < line.length && junk(line[after]!)) after += 1;
    // Between two leader words; or after the leader, lower case (or capitals read at next to
    // no confidence), before an answer read sure (`Broker ......... ere Nathan Hughes`, `ere` at
    // 0.15 on a harsh scan of draw 7025; `POLICY ID ...... HER RE HO-19-9652903`, 0.27 and 0.14,
    // on one of draw 7027).
    const closesLeader =
      (leaderTail(word) || strandedAfterLeader(word, line[before], line[after])) &&
      line[after] !== undefined &&
      line[after]!.confidence >= SURE_ANSWER_AFTER_LEADER;
    if (!isLeader(line[before]) || !(isLeader(line[after]) || closesLeader)) return word;
    return { ...word, text: '.'.repeat(Math.max(3, [...word.text.trim()].length)) };
  });
}

/**
 * A word of letters read unsure from a smudge or a stroke of a ruling across several rows: a
 * harsh scan of draw 7023 read `De` in a box four rows tall and a glyph a ninth as wide as that.
 * Kept, it overlaps every row it crosses in full, and the next row's cells are chained to the
 * row it was chained to (an invoice line's amounts to the description under it). Print that
 * tall (a title) is read sure, its letters about as wide as they are tall. (The OCR runner's
 * second pass has slivers of its own: columns of figures it reads again, second-pass.mjs.)
 */
function isTallSmudge(word: PositionedWord, usual: number | undefined, aspect: number): boolean {
  const text = word.text.trim();
  const height = boxHeight(word.box);
  if (usual === undefined || word.confidence >= UNSURE_MARK) return false;
  // A figure printed down the margin (a form's serial number, read as one tall word) is print.
  if ([...text].length < 2 || /\d/.test(text) || height < usual * TALL_JUNK_HEIGHTS) return false;
  const glyphWidth = (word.box.x1 - word.box.x0) / [...text].length;
  // Boxes are normalised per axis: the aspect ratio turns a height into a width.
  return glyphWidth < SMUDGE_GLYPH * height * aspect;
}
