import { makeSegment, type TextSegment } from '../text-layer/line-grouper';
import { isTickMark } from '../values/boolean-normaliser';

/*
 * A yes/no answer printed as its options with a mark beside one ("Yes   X No", "☐ Yes  ☒ No"):
 * the gaps around the mark can be as wide as a column gap, and the answer falls apart into
 * pieces that read as extra columns (a table's header, an odd cell in a caption/answer grid).
 */

const OPTION = /^(?:yes|no|y|n)$/i;
/** An option read glued to the box before it ("[XINo"). */
const GLUED_OPTION = /(yes|no)$/i;

/**
 * A bracket of an empty box read as a letter of its own: "[ ] No" came back `O J No` from a
 * scan of draw 7016, and the answer fell apart into a table's header. Taken only among option
 * words and marks; the answer still needs a mark that is one.
 */
const BOX_BRACKET = /^[OCLJIl|()[\]]$/;

/** A word as option words and marks: a box glued to its option is taken apart ("JNo"). */
function choiceWord(text: string): string[] {
  const option = GLUED_OPTION.exec(text);
  const box = option ? text.slice(0, option.index) : '';
  return option && box.length > 0 && (isTickMark(box) || BOX_BRACKET.test(box))
    ? [box, option[1]]
    : [text];
}

function choiceTokens(segment: TextSegment): string[] | null {
  const tokens = segment.words.flatMap((w) => choiceWord(w.text.replace(/[.,;:]$/, '')));
  return tokens.every((t) => OPTION.test(t) || isTickMark(t) || BOX_BRACKET.test(t))
    ? tokens
    : null;
}

/** A yes, a no and a tick mark among the tokens: one marked answer, not a header's options. */
function marksAChoice(tokens: readonly string[]): boolean {
  return (
    tokens.some((t) => /^(?:yes|y)$/i.test(t)) &&
    tokens.some((t) => /^(?:no|n)$/i.test(t)) &&
    tokens.some((t) => isTickMark(t))
  );
}

/** A phrase that is one marked yes/no answer ("X Yes No", "☐ Yes ☒ No"). */
export function isMarkedChoice(segment: TextSegment): boolean {
  const tokens = choiceTokens(segment);
  return tokens !== null && marksAChoice(tokens);
}

/**
 * The line's phrases with the pieces of one marked yes/no answer joined: neighbouring phrases
 * made only of option words and marks, together holding a yes, a no and a mark. A header over
 * "Yes" and "No" columns has no mark between them and stays apart.
 */
export function withMarkedChoicesJoined(segments: readonly TextSegment[]): TextSegment[] {
  const result: TextSegment[] = [];
  for (let i = 0; i < segments.length; i += 1) {
    let end = i;
    const tokens = choiceTokens(segments[i]);
    if (tokens) {
      const run = [...tokens];
      while (end + 1 < segments.length) {
        const next = choiceTokens(segments[end + 1]);
        if (!next) break;
        run.push(...next);
        end += 1;
      }
      const marked = end > i && marksAChoice(run);
      if (!marked) end = i;
    }
    result.push(
      end === i ? segments[i] : makeSegment(segments.slice(i, end + 1).flatMap((s) => s.words)),
    );
    i = end;
  }
  return result;
}
