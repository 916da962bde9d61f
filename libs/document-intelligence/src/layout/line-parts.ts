import {
  makeSegment,
  type PositionedWord,
  splitSegments,
  type TextLine,
  type TextSegment,
} from '../text-layer/line-grouper';
import { WHOLE_LEADER } from '../text-layer/ocr-specks';
import { COLON_END, isLeaderDebris } from './layout-text';
import { withMarkedChoicesJoined } from './marked-choice';

/*
 * A line as the key-value detector reads it: its phrases, with dotted leaders and stray colons
 * made explicit so that one colon rule handles every way a caption is marked.
 */

/** Dot, underscore or ellipsis runs that lead the eye from a caption to its answer. */
export const LEADER = /[._…·]{3,}/;
/**
 * A caption word ending in a colon glued to the answer after it: letters (or "?", ")", "#",
 * ".") before the colon, and after it something that starts an answer, a tick box's bracket
 * too ("REPORT?:[]" on a harsh scan of draw 7032). A time ("10:30") has
 * digits before its colon, a link "//" after it; neither matches.
 */
const GLUED_ANSWER = /^(\p{L}[\p{L}\-'.]*[\p{L}?)#.]:)([\p{L}\p{N}$€£([][^:]*)$/u;

export interface LineParts {
  readonly line: TextLine;
  readonly segments: TextSegment[];
}

function withText(word: PositionedWord, text: string, from: number, to: number): PositionedWord {
  const width = word.box.x1 - word.box.x0;
  const length = Math.max(1, word.text.length);
  return {
    ...word,
    text,
    box: {
      ...word.box,
      x0: word.box.x0 + (width * from) / length,
      x1: word.box.x0 + (width * to) / length,
    },
  };
}

/**
 * Words with leaders and lone colons made explicit: "Name......" becomes "Name:" so one rule
 * handles both; a leader between words becomes a segment break.
 */
function normaliseWords(words: readonly PositionedWord[]): {
  words: PositionedWord[];
  breaks: Set<number>;
} {
  const result: PositionedWord[] = [];
  const breaks = new Set<number>();
  for (const word of words) {
    const previous = result[result.length - 1];
    // An empty tick box "[ ]" reaches the text layer as two words.
    if ((word.text === ']' || word.text === ')') && previous && /^[[(]$/.test(previous.text)) {
      result[result.length - 1] = {
        ...previous,
        text: `${previous.text} ${word.text}`,
        box: { ...previous.box, x1: word.box.x1 },
      };
      continue;
    }
    if (word.text === ':' && result.length > 0) {
      result[result.length - 1] = { ...previous, text: `${previous.text}:` };
      continue;
    }
    // A caption's colon and its answer read as one word ("REPORT?:Yes"): two words.
    const glued = GLUED_ANSWER.exec(word.text);
    if (glued) {
      const [, caption, answer] = glued;
      result.push(withText(word, caption, 0, caption.length));
      result.push(withText(word, answer, caption.length, word.text.length));
      continue;
    }
    const leader = LEADER.exec(word.text);
    if (!leader) {
      result.push(word);
      continue;
    }
    const before = word.text.slice(0, leader.index).replace(/:$/, '');
    const after = word.text.slice(leader.index + leader[0].length).replace(/^:/, '');
    if (before.length > 0) result.push(withText(word, `${before}:`, 0, before.length));
    else if (result.length > 0 && !COLON_END.test(result[result.length - 1].text)) {
      const previous = result[result.length - 1];
      result[result.length - 1] = { ...previous, text: `${previous.text}:` };
    }
    breaks.add(result.length);
    if (after.length > 0) {
      result.push(withText(word, after, word.text.length - after.length, word.text.length));
    }
  }
  return { words: result, breaks };
}

/**
 * A colon set apart from its caption opens the answer's phrase (" Phone Booth   : 60"): it
 * belongs to the caption, which then reads as a colon caption. So does a leader set apart from
 * its caption ("Policy   ... ... XR921-29794" on a harsh scan of draw 7032, where OCR read the
 * blurred dots as ellipses after a gap): it leads from the caption, never from the answer.
 */
function colonsToCaptions(groups: ReadonlyArray<readonly PositionedWord[]>): PositionedWord[][] {
  const result: PositionedWord[][] = [];
  for (const group of groups) {
    const previous = result[result.length - 1];
    if (previous && group.length > 1 && group[0].text === ':') {
      previous.push(group[0]);
      result.push(group.slice(1));
      continue;
    }
    // Leaders alone in their phrase go with the caption too: OCR read a blurred leader as
    // pieces with gaps between ("Insured Entity  ...  ...  David Dawson", a harsh scan of draw
    // 7035), and the caption lost its mark.
    const answerAt = group.findIndex((word) => !WHOLE_LEADER.test(word.text));
    const leading = answerAt < 0 ? group.length : answerAt;
    if (previous && leading > 0 && !previous.some((word) => WHOLE_LEADER.test(word.text))) {
      previous.push(...group.slice(0, leading));
      if (leading < group.length) result.push(withoutLeaderDot(group.slice(leading)));
    } else if (previous && LEADER.test(previous[previous.length - 1]?.text ?? '')) {
      result.push(withoutLeaderDot(group));
    } else result.push([...group]);
  }
  return result;
}

/** A leader's last dot read glued to the answer's first letter (".Northgate", ".December"). */
const LEADER_DOT_BEFORE_LETTER = /^[.…·]+(?=\p{L})/u;

/** The answer's words after a leader, its first word without a dot of the leader before it. */
function withoutLeaderDot(words: readonly PositionedWord[]): PositionedWord[] {
  const [first, ...rest] = words;
  const dots = first ? LEADER_DOT_BEFORE_LETTER.exec(first.text) : null;
  if (!first || !dots) return [...words];
  return [
    withText(first, first.text.slice(dots[0].length), dots[0].length, first.text.length),
    ...rest,
  ];
}

/**
 * Leader debris between a caption and the phrase after it is no phrase of the line. Last on its
 * line, after nothing more, punctuation may be the answer ("Deductible: -").
 */
function withoutLeaderDebris(segments: readonly TextSegment[]): TextSegment[] {
  return segments.filter(
    (segment, k) =>
      !(
        k > 0 &&
        k < segments.length - 1 &&
        COLON_END.test(segments[k - 1].words.at(-1)?.text ?? '') &&
        isLeaderDebris(segment.words)
      ),
  );
}

export function partsOf(line: TextLine, excluded: ReadonlySet<PositionedWord>): LineParts {
  const segments: TextSegment[] = [];
  for (const group of colonsToCaptions(splitSegments(line).map((s) => s.words))) {
    const { words, breaks } = normaliseWords(group.filter((w) => !excluded.has(w)));
    let current: PositionedWord[] = [];
    words.forEach((word, index) => {
      if (breaks.has(index) && current.length > 0) {
        segments.push(makeSegment(current));
        current = [];
      }
      current.push(word);
    });
    if (current.length > 0) segments.push(makeSegment(current));
  }
  return { line, segments: withMarkedChoicesJoined(withoutLeaderDebris(segments)) };
}
