import type { Matrix, RunnerFormField } from '../runner/runner-protocol';
import { glyphWidth } from './glyph-widths';
import { normalisedBox, type TextWord } from './text-layer';

/*
 * The values of a fillable PDF form's fields as words of the page, placed where a viewer shows
 * them: inside the field's rectangle, on its text line (or lines), aligned as the field says.
 * They are answers typed into the form, so they must reach the layout stage beside the printed
 * captions, exactly as the same form printed and scanned would.
 */

/** A field sized "auto" (font size 0) fits its text to the box; most viewers cap it here. */
const AUTO_FONT_SIZE = 12;
/** Of a single-line field's height, the share its auto-sized text takes. */
const AUTO_FILL = 0.7;
/** Viewers keep the text this far (points) off the field's border. */
const PADDING = 2;
/** Line pitch of a multi-line field, in font sizes. */
const LINE_PITCH = 1.15;
/**
 * Helvetica's ascent and descent as pdf.js reports them for printed text: viewers fill fields in
 * Helvetica, and a value must stand as tall as a printed word of its size would (the layout
 * compares print sizes to tell a caption from its answer).
 */
const ASCENT = 0.905;
const DESCENT = 0.212;

interface Rect {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

/** The field's rectangle in top-left page coordinates (points), whatever the page's rotation. */
function pageRect(field: RunnerFormField, viewport: Matrix): Rect {
  const [x1, y1, x2, y2] = field.rect;
  const corners = [
    [x1, y1],
    [x2, y2],
    [x1, y2],
    [x2, y1],
  ].map(([x, y]) => [
    viewport[0] * x + viewport[2] * y + viewport[4],
    viewport[1] * x + viewport[3] * y + viewport[5],
  ]);
  const xs = corners.map(([x]) => x);
  const ys = corners.map(([, y]) => y);
  return {
    left: Math.min(...xs),
    top: Math.min(...ys),
    right: Math.max(...xs),
    bottom: Math.max(...ys),
  };
}

function fontSizeOf(field: RunnerFormField, rect: Rect): number {
  if (field.fontSize > 0) return field.fontSize;
  const height = rect.bottom - rect.top;
  return field.multiLine ? AUTO_FONT_SIZE : Math.min(AUTO_FONT_SIZE, height * AUTO_FILL);
}

const advance = (text: string, size: number): number =>
  Array.from(text).reduce((sum, character) => sum + glyphWidth(character, 'sans-serif'), 0) * size;

/** Words of one text line whose baseline is at `baseline`, aligned inside the rectangle. */
function lineWords(
  line: string,
  baseline: number,
  size: number,
  field: RunnerFormField,
  rect: Rect,
): Array<{ text: string; left: number; right: number; top: number; bottom: number }> {
  const width = advance(line, size);
  const room = rect.right - rect.left - 2 * PADDING;
  const offset =
    field.alignment === 1 ? (room - width) / 2 : field.alignment === 2 ? room - width : 0;
  const start = rect.left + PADDING + Math.max(0, offset);
  return [...line.matchAll(/\S+/g)].map((match) => {
    const left = start + advance(line.slice(0, match.index), size);
    return {
      text: match[0],
      left,
      right: left + advance(match[0], size),
      top: baseline - ASCENT * size,
      bottom: baseline + DESCENT * size,
    };
  });
}

/** The filled fields of one page as words, boxes normalised to the page like every other word. */
export function wordsFromFormFields(
  fields: readonly RunnerFormField[],
  viewport: { readonly width: number; readonly height: number; readonly transform: Matrix },
): TextWord[] {
  const words: TextWord[] = [];
  for (const field of fields) {
    const rect = pageRect(field, viewport.transform);
    const size = fontSizeOf(field, rect);
    const lines = field.multiLine
      ? field.text.split(/\r\n|\r|\n/)
      : [field.text.replace(/\s+/g, ' ')];
    lines.forEach((line, index) => {
      const baseline = field.multiLine
        ? rect.top + PADDING + ASCENT * size + index * LINE_PITCH * size
        : (rect.top + rect.bottom) / 2 + ((ASCENT - DESCENT) / 2) * size;
      for (const word of lineWords(line, baseline, size, field, rect)) {
        words.push({
          text: word.text,
          box: normalisedBox(
            [word.left, word.right],
            [word.top, word.bottom],
            viewport.width,
            viewport.height,
          ),
          confidence: 1,
        });
      }
    });
  }
  return words;
}
