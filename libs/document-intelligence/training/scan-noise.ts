import { type DraftWord, PAGE_HEIGHT, PAGE_WIDTH } from './form-page.generator';
import type { SeededRandom } from './seeded-random';

/*
 * What OCR does to a scanned form, drawn on the words directly: the page skewed a few degrees,
 * boxes off by a little, confidences below 1, letters misread for look-alikes, figures split at
 * their separators ("$6," "994." "08"), neighbouring words run together, colons lost.
 */

const LOOK_ALIKES: ReadonlyArray<readonly [RegExp, string]> = [
  [/O/, '0'],
  [/0/, 'O'],
  [/l/, '1'],
  [/1/, 'l'],
  [/S/, '5'],
  [/e/, 'c'],
  [/rn/, 'm'],
  [/,/, '.'],
];

function skewed(word: DraftWord, angle: number): DraftWord {
  const cx = PAGE_WIDTH / 2;
  const cy = PAGE_HEIGHT / 2;
  const sin = Math.sin(angle);
  const cos = Math.cos(angle);
  const dx = (word.x0 - cx) * cos - (word.y0 - cy) * sin + cx - word.x0;
  const dy = (word.x0 - cx) * sin + (word.y0 - cy) * cos + cy - word.y0;
  return { ...word, x0: word.x0 + dx, x1: word.x1 + dx, y0: word.y0 + dy, y1: word.y1 + dy };
}

function misread(text: string, random: SeededRandom): string {
  const [pattern, replacement] = random.pick(LOOK_ALIKES);
  return pattern.test(text) ? text.replace(pattern, replacement) : text;
}

/** A figure split at its separators: "$6,994.08" as "$6," "994." "08". */
function splitFigure(word: DraftWord): DraftWord[] {
  const pieces = word.text.match(/[^,.]*[,.]|[^,.]+$/g)?.filter(Boolean) ?? [word.text];
  if (pieces.length < 2) return [word];
  const per = (word.x1 - word.x0) / word.text.length;
  let at = word.x0;
  return pieces.map((text) => {
    const piece = { ...word, text, x0: at, x1: at + per * text.length };
    at = piece.x1 + per * 0.8;
    return piece;
  });
}

export function scanned(
  words: readonly DraftWord[],
  random: SeededRandom,
): { words: DraftWord[]; confidences: number[] } {
  const angle = (random.between(-2.5, 2.5) * Math.PI) / 180;
  const jitter = random.between(0.2, 1.5);
  const slips = random.between(0.01, 0.12);
  const out: DraftWord[] = [];
  for (const original of words) {
    let word = skewed(original, angle);
    const j = () => random.between(-jitter, jitter);
    word = { ...word, x0: word.x0 + j(), x1: word.x1 + j(), y0: word.y0 + j(), y1: word.y1 + j() };
    if (random.chance(slips)) word = { ...word, text: misread(word.text, random) };
    if (random.chance(0.04) && word.text.endsWith(':'))
      word = { ...word, text: word.text.slice(0, -1) || ':' };
    const pieces = /\d[,.]\d/.test(word.text) && random.chance(0.15) ? splitFigure(word) : [word];
    const previous = out[out.length - 1];
    if (
      previous &&
      random.chance(0.03) &&
      Math.abs(previous.y0 - word.y0) < 2 &&
      word.x0 - previous.x1 < (word.y1 - word.y0) * 0.6
    ) {
      // Run together with the word before: one word, owned by both only when both agree.
      out[out.length - 1] = {
        ...previous,
        text: previous.text + word.text,
        x1: word.x1,
        role:
          previous.role &&
          word.role &&
          previous.role.field === word.role.field &&
          previous.role.part === word.role.part
            ? previous.role
            : null,
      };
      continue;
    }
    out.push(...pieces);
  }
  const confidences = out.map(() =>
    random.chance(0.15) ? random.between(0.4, 0.8) : random.between(0.8, 0.99),
  );
  return { words: out, confidences };
}
