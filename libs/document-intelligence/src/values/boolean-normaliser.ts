import { tokenise } from '../text-layer/text-normaliser';
import type { ParsedValue } from './parsed-value.types';

export const DEFAULT_TRUE_VALUES = ['yes', 'y', 'true', 'x', 'checked', 'on'];
export const DEFAULT_FALSE_VALUES = ['no', 'n', 'false', 'unchecked', 'off', 'none'];
/**
 * A bracket box as OCR reads it from a scan: its closing bracket may come back as I, l, J or |
 * ("[XINo" for "[X] No"), and one bracket may be lost ("X] No", "] Yes").
 */
const CLOSE = '[\\]IJl|]';
const CHECKED_BOXES = new RegExp(
  `[\u2611\u2612\u2713\u2714]|\\[\\s*[xX\u2713]\\s*${CLOSE}|(?<![\\p{L}\\p{N}])[xX]\\]`,
  'u',
);

/** Any tick box, ticked or not, as one token. */
const ANY_BOX_SOURCE = `[\u2610\u2611\u2612\u2713\u2714]|\\[\\s*[xX\u2713]?\\s*${CLOSE}|(?<![\\p{L}\\p{N}])[xX]?\\](?![\\p{L}\\p{N}])`;
const ANY_BOX = new RegExp(ANY_BOX_SOURCE, 'gu');
const WHOLE_BOX = new RegExp(`^(?:${ANY_BOX_SOURCE})$`, 'u');

/**
 * One word of a printed yes/no choice that is a mark, not an option: a tick box as printed or
 * as OCR reads it, a lone X, or a box's opening bracket whose rest was lost.
 */
export function isTickMark(word: string): boolean {
  return /^[xX[]$/.test(word) || WHOLE_BOX.test(word);
}

/**
 * Tick boxes next to options ("[ ] Yes [X] No", "Yes ☐ No ☒"): the option printed beside the
 * ticked box decides. Whether options follow or precede their boxes is read from the text's
 * start (a box first: options follow). Null when no ticked box names a yes/no option.
 */
function tickedOption(
  text: string,
  truthy: ReadonlySet<string>,
  falsy: ReadonlySet<string>,
): ParsedValue<boolean> | null {
  const boxes = [...text.matchAll(ANY_BOX)];
  if (boxes.length === 0) return null;
  const optionsFollow = boxes[0].index === text.search(/\S/);
  const optionOf = (word: string | undefined): string | undefined => {
    const token = word === undefined ? undefined : tokenise(word)[0];
    return token !== undefined && (truthy.has(token) || falsy.has(token)) ? token : undefined;
  };
  for (const box of boxes) {
    if (!CHECKED_BOXES.test(box[0])) continue;
    const after = /^\s*([A-Za-z]+)/.exec(text.slice(box.index + box[0].length));
    const before = /([A-Za-z]+)\s*$/.exec(text.slice(0, box.index));
    // An option glued to the box after it is that box's ("[XINo" with the first box lost).
    const follows = optionsFollow || (after !== null && !/^\s/.test(after[0]));
    // The side the page's boxes stand on first; the other when no option stands there (a
    // scan's lost box glued its letters to the option: "(JYes [Xl No").
    for (const side of follows ? ['after', 'before'] : ['before', 'after']) {
      const token = optionOf(side === 'after' ? after?.[1] : before?.[1]);
      if (token === undefined) continue;
      const start = side === 'after' ? box.index : box.index - before![0].length;
      const end =
        side === 'after' ? box.index + box[0].length + after![0].length : box.index + box[0].length;
      return { value: truthy.has(token), start, end, quality: 0.95, notes: [] };
    }
  }
  return null;
}

/** A yes/no field's option words, lower case: the field's own, else the defaults. */
export function optionWords(
  trueValues: readonly string[] = DEFAULT_TRUE_VALUES,
  falseValues: readonly string[] = DEFAULT_FALSE_VALUES,
): { truthy: ReadonlySet<string>; falsy: ReadonlySet<string> } {
  return {
    truthy: new Set(trueValues.map((v) => v.toLowerCase())),
    falsy: new Set(falseValues.map((v) => v.toLowerCase())),
  };
}

/**
 * Reads yes/no answers and tick boxes: the option beside a ticked box, else a ticked box alone
 * (true), else nothing when several boxes are all empty, else one empty box (false), else the
 * first yes/no word.
 */
export function parseBoolean(
  text: string,
  trueValues: readonly string[] = DEFAULT_TRUE_VALUES,
  falseValues: readonly string[] = DEFAULT_FALSE_VALUES,
): ParsedValue<boolean> | null {
  const { truthy, falsy } = optionWords(trueValues, falseValues);
  const option = tickedOption(text, truthy, falsy);
  if (option) return option;
  const checked = CHECKED_BOXES.exec(text);
  if (checked)
    return {
      value: true,
      start: checked.index,
      end: checked.index + checked[0].length,
      quality: 0.9,
      notes: [],
    };
  // Options with none of their boxes ticked ("[ ] Yes [ ] No") are unanswered, whatever words
  // they print; one empty box ("[ ] Yes", "[ ]") is a no.
  const boxes = [...text.matchAll(ANY_BOX)];
  if (boxes.length > 1) return null;
  if (boxes.length === 1)
    return {
      value: false,
      start: boxes[0].index,
      end: boxes[0].index + boxes[0][0].length,
      quality: 0.7,
      notes: ['empty tick box'],
    };
  // Both options printed ("Yes  No", "Yes X No") with no ticked box: the text cannot say which
  // one is the answer, so the first is read but not vouched for.
  const options = bothOptionsPrinted(text, truthy, falsy);
  const quality = options ? BOTH_OPTIONS_QUALITY : 1;
  const notes = options ? [BOTH_OPTIONS_NOTE] : [];
  const wordPattern = /[A-Za-z]+/g;
  for (let m = wordPattern.exec(text); m; m = wordPattern.exec(text)) {
    const [token] = tokenise(m[0]);
    if (token === undefined) continue;
    if (truthy.has(token))
      return { value: true, start: m.index, end: m.index + m[0].length, quality, notes };
    if (falsy.has(token))
      return { value: false, start: m.index, end: m.index + m[0].length, quality, notes };
  }
  return null;
}

/** How sure a yes/no read from text printing both its options is. */
const BOTH_OPTIONS_QUALITY = 0.5;
export const BOTH_OPTIONS_NOTE = 'both options printed, neither marked for sure';

/** Whether the text prints a yes option and a no option, a lone tick mark ("X") not counted. */
function bothOptionsPrinted(
  text: string,
  truthy: ReadonlySet<string>,
  falsy: ReadonlySet<string>,
): boolean {
  const tokens = tokenise(text).filter((token) => token !== 'x');
  return tokens.some((t) => truthy.has(t)) && tokens.some((t) => falsy.has(t));
}
