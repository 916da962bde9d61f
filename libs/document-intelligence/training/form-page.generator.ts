import type { TextPage, TextWord } from '../src/text-layer/text-layer.types';
import { type Concept, CONCEPTS, HEADINGS, PROSE_WORDS, type ValueKind } from './caption-wordings';
import type { SeededRandom } from './seeded-random';
import { makeValue } from './value-maker';

/** Tick-box options are drawn in their own blocks; every other concept in any block. */
const MARK_CONCEPTS = CONCEPTS.filter((c) => c.kind === 'mark');
const FIELD_CONCEPTS = CONCEPTS.filter((c) => c.kind !== 'mark');

/*
 * One generated form page with its truth: which words are each field's caption and which its
 * answer. Every page draws its own look (page margins, font size and width, caption case and
 * weight, line spacing) and mixes blocks of the ways forms set answers against captions: after a
 * colon, at a tab stop with or without a colon, across a dotted leader, under the caption (boxed
 * forms, often hand-written larger), several pairs to a line, among headings, running text,
 * empty captions, tick boxes and stray codes.
 */

const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;

/** Whose a word is: a field's caption or answer, or nobody's (clutter). */
export type WordRole = { readonly field: string; readonly part: 'caption' | 'answer' } | null;

export interface DraftWord {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  role: WordRole;
}

export interface TruthField {
  readonly key: string;
  readonly kind: ValueKind;
  readonly caption: string;
  readonly concept: Concept;
}

export interface GeneratedPage {
  readonly page: TextPage;
  readonly roles: readonly WordRole[];
  readonly fields: readonly TruthField[];
}

interface Look {
  readonly size: number;
  readonly widthFactor: number;
  readonly captionCase: 'as-is' | 'upper' | 'lower-first';
  readonly captionWeight: number;
  readonly lineGap: number;
  readonly margin: number;
  /** Answers typed in capitals throughout (a typewriter's forms) or as written. */
  readonly answerCase: 'as-is' | 'upper';
  /** How often a caption's answer space is left blank on this page. */
  readonly blankShare: number;
}

type BlockStyle =
  | 'colon'
  | 'colon-tab'
  | 'tab'
  | 'leader'
  | 'above'
  | 'grid-colon'
  | 'grid-tab'
  | 'two-column'
  | 'options';

class Composer {
  readonly words: DraftWord[] = [];
  readonly fields: TruthField[] = [];
  /** Captions already printed: a form names each field once. */
  private readonly printed = new Set<string>();
  y: number;

  constructor(
    readonly random: SeededRandom,
    readonly look: Look,
  ) {
    this.y = look.margin;
  }

  width(text: string, size: number, factor = 1): number {
    return text.length * size * this.look.widthFactor * factor;
  }

  /** Writes `text` from x on the current baseline box; returns where it ends. */
  put(text: string, x: number, size: number, role: WordRole, factor = 1, y = this.y): number {
    let at = x;
    for (const piece of text.split(' ').filter(Boolean)) {
      const w = this.width(piece, size, factor);
      this.words.push({ text: piece, x0: at, y0: y, x1: at + w, y1: y + size, role });
      at += w + this.width(' ', size, factor);
    }
    return at - this.width(' ', size, factor);
  }

  newLine(factor = 1): void {
    this.y += this.look.size * this.look.lineGap * factor;
  }

  full(): boolean {
    return this.y > PAGE_HEIGHT - this.look.margin - this.look.size * 4;
  }

  caption(concept: Concept): string {
    const fresh = concept.captions.filter((c) => !this.printed.has(c));
    const text = this.random.pick(fresh.length > 0 ? fresh : concept.captions);
    this.printed.add(text);
    if (this.look.captionCase === 'upper') return text.toUpperCase();
    return text;
  }

  field(concepts: readonly Concept[] = FIELD_CONCEPTS): {
    key: string;
    caption: string;
    answer: string;
    concept: Concept;
  } {
    const concept = this.random.pick(concepts);
    const caption = this.caption(concept);
    const key = `f${this.fields.length}`;
    this.fields.push({ key, kind: concept.kind, caption, concept });
    const answer = makeValue(concept.kind, this.random);
    return {
      key,
      caption,
      answer: this.look.answerCase === 'upper' ? answer.toUpperCase() : answer,
      concept,
    };
  }

  blank(): boolean {
    return this.random.chance(this.look.blankShare);
  }

  /**
   * Writes an answer from x, wrapping onto lines below at `maxWidth` as a typed remark does;
   * returns how many lines it took.
   */
  putAnswer(text: string, x: number, maxWidth: number, key: string, y = this.y): number {
    const role: WordRole = { field: key, part: 'answer' };
    const pieces = text.split(' ').filter(Boolean);
    let line: string[] = [];
    let lines = 0;
    const flush = (): void => {
      if (line.length === 0) return;
      this.put(line.join(' '), x, this.look.size, role, 1, y + lines * this.look.size * 1.2);
      lines += 1;
      line = [];
    };
    for (const piece of pieces) {
      if (line.length > 0 && this.width([...line, piece].join(' '), this.look.size) > maxWidth)
        flush();
      line.push(piece);
    }
    flush();
    return lines;
  }
}

function drawLook(random: SeededRandom): Look {
  return {
    size: random.between(7, 13),
    widthFactor: random.between(0.44, 0.6),
    captionCase: random.pick(['as-is', 'as-is', 'upper'] as const),
    captionWeight: random.chance(0.4) ? 1.08 : 1,
    lineGap: random.between(1.25, 2.3),
    margin: random.between(28, 80),
    answerCase: random.chance(0.2) ? 'upper' : 'as-is',
    blankShare: random.between(0.04, 0.25),
  };
}

function inlineBlock(
  c: Composer,
  style: 'colon' | 'colon-tab' | 'tab' | 'leader',
  x: number,
): void {
  const n = c.random.int(2, 7);
  const drafts = Array.from({ length: n }, () => c.field());
  const longest = Math.max(...drafts.map((d) => c.width(`${d.caption}:`, c.look.size)));
  const tab = x + longest + c.look.size * c.random.between(0.8, 6);
  for (const d of drafts) {
    if (c.full()) return;
    const withColon = style !== 'tab';
    const end = c.put(
      withColon && style !== 'leader' ? `${d.caption}:` : d.caption,
      x,
      c.look.size,
      { field: d.key, part: 'caption' },
      c.look.captionWeight,
    );
    let valueX =
      style === 'colon' ? end + c.width(' ', c.look.size) * c.random.between(1, 2.5) : tab;
    if (style === 'leader') {
      const dots = Math.max(3, Math.floor((tab - end) / c.width('.', c.look.size)) - 2);
      c.put('.'.repeat(dots), end + 2, c.look.size, null);
      valueX = Math.max(tab, end + c.width('.'.repeat(dots), c.look.size) + 6);
    }
    // Sometimes the caption stands empty: an answer space left blank. A long answer wraps.
    const right = x + (PAGE_WIDTH - 2 * c.look.margin) * (x > c.look.margin + 1 ? 0.6 : 1);
    const blank = c.blank();
    const lines = blank
      ? 1
      : c.putAnswer(d.answer, valueX, Math.max(right - valueX, c.look.size * 6), d.key);
    // A column of figures of nobody's at the right edge, as a priced list prints one.
    if (!blank && lines === 1 && c.random.chance(0.15)) {
      const figure = makeValue(c.random.pick(['money', 'count'] as const), c.random);
      c.put(figure, right - c.width(figure, c.look.size), c.look.size, null);
    }
    c.newLine();
    for (let extra = 1; extra < lines; extra += 1) c.newLine(1.2 / c.look.lineGap);
  }
}

/** Pairs in two columns across the page: a caption and its answer on each side of each line. */
function twoColumnBlock(c: Composer, x: number, width: number): void {
  const rows = c.random.int(2, 6);
  const colon = c.random.chance(0.7) ? ':' : '';
  const half = width / 2;
  for (let r = 0; r < rows && !c.full(); r += 1) {
    for (const left of [x, x + half + c.random.between(-10, 10)]) {
      if (c.random.chance(0.1)) continue;
      const d = c.field();
      const end = c.put(`${d.caption}${colon}`, left, c.look.size, {
        field: d.key,
        part: 'caption',
      });
      if (c.blank()) continue;
      const valueX = end + c.look.size * c.random.between(0.5, 2);
      const answerEnd = c.put(d.answer, valueX, c.look.size, { field: d.key, part: 'answer' });
      // A figure of nobody's at the end of the row (a column of amounts), further right.
      if (c.random.chance(0.25)) {
        const figure = makeValue(c.random.pick(['money', 'count', 'measure'] as const), c.random);
        c.put(figure, answerEnd + c.look.size * c.random.between(2, 8), c.look.size, null);
      }
    }
    c.newLine();
  }
}

/**
 * Tick boxes: a list of options down the page or along a line, a mark beside some of them (after
 * the option mostly, before it sometimes), the rest empty captions.
 */
function optionsBlock(c: Composer, x: number, width: number): void {
  const across = c.random.chance(0.4);
  const n = c.random.int(2, 6);
  const marked = c.random.between(0.2, 0.7);
  const before = c.random.chance(0.3);
  const boxes = c.random.chance(0.5);
  let at = x;
  for (let i = 0; i < n && !c.full(); i += 1) {
    const d = c.field(MARK_CONCEPTS);
    const ticked = c.random.chance(marked);
    const markWidth = c.width('XX ', c.look.size);
    let start = at;
    if (before) {
      if (ticked) c.put(d.answer, at, c.look.size, { field: d.key, part: 'answer' });
      else if (boxes) c.put('☐', at, c.look.size, null);
      start = at + markWidth;
    }
    const end = c.put(d.caption, start, c.look.size, { field: d.key, part: 'caption' });
    if (!before) {
      const markX = end + c.look.size * c.random.between(0.6, 2.5);
      if (ticked) c.put(d.answer, markX, c.look.size, { field: d.key, part: 'answer' });
      else if (boxes) c.put('☐', markX, c.look.size, null);
    }
    if (across && at + width / n < x + width) at += width / n;
    else {
      at = x;
      c.newLine();
    }
  }
  if (at !== x) c.newLine();
}

/** A table with its header row and a few rows of figures: nobody's captions and answers. */
function tableClutter(c: Composer, x: number, width: number): void {
  const columns = c.random.int(3, 5);
  const cell = width / columns;
  for (let k = 0; k < columns; k += 1)
    c.put(c.random.pick(HEADINGS).split(' ')[0], x + k * cell, c.look.size, null);
  c.newLine();
  for (let r = c.random.int(1, 4); r > 0 && !c.full(); r -= 1) {
    for (let k = 0; k < columns; k += 1)
      c.put(
        makeValue(c.random.pick(['count', 'money', 'measure'] as const), c.random),
        x + k * cell,
        c.look.size,
        null,
      );
    c.newLine();
  }
}

function aboveBlock(c: Composer, x: number, width: number): void {
  const rows = c.random.int(1, 3);
  for (let r = 0; r < rows && !c.full(); r += 1) {
    const columns = c.random.int(1, 4);
    const cell = width / columns;
    const drafts = Array.from({ length: columns }, () => c.field());
    const handwritten = c.random.chance(0.4);
    const valueSize = c.look.size * (handwritten ? c.random.between(1.15, 1.7) : 1);
    const captionSize = c.look.size * (c.random.chance(0.4) ? 0.8 : 1);
    const drop = c.look.size * c.random.between(1.2, 2.2);
    drafts.forEach((d, k) => {
      const left = x + k * cell + c.random.between(0, 4);
      const colon = c.random.chance(0.3) ? ':' : '';
      c.put(`${d.caption}${colon}`, left, captionSize, { field: d.key, part: 'caption' });
      if (c.blank()) return;
      const indent = c.random.chance(0.5) ? c.random.between(0, c.look.size * 2) : 0;
      c.put(d.answer, left + indent, valueSize, { field: d.key, part: 'answer' }, 1, c.y + drop);
    });
    c.y += drop;
    c.newLine(1.3);
  }
}

function gridBlock(c: Composer, style: 'grid-colon' | 'grid-tab', x: number, width: number): void {
  const rows = c.random.int(1, 4);
  const columns = c.random.int(2, 3);
  const cell = width / columns;
  for (let r = 0; r < rows && !c.full(); r += 1) {
    for (let k = 0; k < columns; k += 1) {
      const d = c.field();
      const left = x + k * cell;
      const caption = style === 'grid-colon' ? `${d.caption}:` : d.caption;
      const end = c.put(
        caption,
        left,
        c.look.size,
        { field: d.key, part: 'caption' },
        c.look.captionWeight,
      );
      const gap =
        c.look.size *
        (style === 'grid-tab' ? c.random.between(1.2, 3) : c.random.between(0.4, 1.5));
      if (!c.blank()) c.put(d.answer, end + gap, c.look.size, { field: d.key, part: 'answer' });
    }
    c.newLine();
  }
}

function clutter(c: Composer, x: number, width: number): void {
  const kind = c.random.int(0, 5);
  if (kind === 5) {
    tableClutter(c, x, width);
    return;
  }
  if (kind === 0) {
    const size = c.look.size * c.random.between(1.3, 2.2);
    const text = c.random.pick(HEADINGS);
    const centred = c.random.chance(0.5);
    c.put(text, centred ? x + (width - c.width(text, size)) / 2 : x, size, null);
    c.y += size - c.look.size;
  } else if (kind === 1) {
    const lines = c.random.int(1, 3);
    for (let i = 0; i < lines && !c.full(); i += 1) {
      const n = c.random.int(5, 14);
      const text = Array.from({ length: n }, () => c.random.pick(PROSE_WORDS)).join(' ');
      c.put(text[0].toUpperCase() + text.slice(1), x, c.look.size * 0.9, null);
      c.newLine(0.8);
    }
  } else if (kind === 2) {
    const options = ['Yes', 'No', 'Oui', 'Non', 'Ja', 'Nein', 'Sí', 'N/A'];
    let at = x;
    for (let i = c.random.int(2, 4); i > 0; i -= 1) {
      at =
        c.put(
          `${c.random.pick(['[ ]', '[x]', '☐', '☒'])} ${c.random.pick(options)}`,
          at,
          c.look.size,
          null,
        ) + 20;
    }
  } else if (kind === 3) {
    c.put(
      `${c.random.pick(['Form', 'Page', 'Rev.', 'Ref'])} ${c.random.int(1, 999)}/${c.random.int(1, 12)}`,
      x + width * c.random.between(0.5, 0.8),
      c.look.size * 0.8,
      null,
    );
  } else {
    c.put(`${c.random.pick(HEADINGS)}`, x, c.look.size, null, c.look.captionWeight);
  }
  c.newLine();
}

/** Draws one form page. */
export function generateFormPage(random: SeededRandom): {
  words: DraftWord[];
  fields: TruthField[];
} {
  const c = new Composer(random, drawLook(random));
  const x = c.look.margin;
  const width = PAGE_WIDTH - 2 * c.look.margin;
  const styles: BlockStyle[] = [
    'colon',
    'colon-tab',
    'tab',
    'leader',
    'above',
    'grid-colon',
    'grid-tab',
    'two-column',
    'options',
  ];
  while (!c.full()) {
    if (random.chance(0.3)) clutter(c, x, width);
    if (c.full()) break;
    const style = random.pick(styles);
    if (style === 'above') aboveBlock(c, x, width);
    else if (style === 'grid-colon' || style === 'grid-tab') gridBlock(c, style, x, width);
    else if (style === 'two-column') twoColumnBlock(c, x, width);
    else if (style === 'options') optionsBlock(c, x, width);
    else {
      // Two columns of inline pairs side by side are drawn as one block in the left half.
      const indent = random.chance(0.2) ? width * random.between(0.3, 0.5) : 0;
      inlineBlock(c, style, x + indent);
    }
    c.newLine(random.between(0.3, 1.5));
  }
  return { words: c.words, fields: c.fields };
}

/** The page as the text layer gives it: boxes 0..1, words in reading order. */
export function toTextPage(
  words: readonly DraftWord[],
  source: TextPage['source'],
  confidences: readonly number[],
): TextPage {
  const textWords: TextWord[] = words.map((w, i) => ({
    text: w.text,
    box: {
      x0: Math.max(0, w.x0 / PAGE_WIDTH),
      y0: Math.max(0, w.y0 / PAGE_HEIGHT),
      x1: Math.min(1, w.x1 / PAGE_WIDTH),
      y1: Math.min(1, w.y1 / PAGE_HEIGHT),
    },
    confidence: confidences[i] ?? 1,
  }));
  return { pageNumber: 1, width: PAGE_WIDTH, height: PAGE_HEIGHT, source, words: textWords };
}

export { PAGE_HEIGHT, PAGE_WIDTH };
