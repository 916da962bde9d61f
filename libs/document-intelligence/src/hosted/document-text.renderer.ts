import { groupLines, splitSegments } from '../text-layer/line-grouper';
import type { TextPage } from '../text-layer/text-layer.types';

/**
 * Page text for a prompt, one visual line per line and " | " between columns, so the model sees
 * which label a value sits next to. Cut at `maxCharacters` to bound cost on long files.
 */
export function renderDocumentText(pages: readonly TextPage[], maxCharacters = 60_000): string {
  const parts: string[] = [];
  let length = 0;
  for (const page of pages) {
    const header = `--- page ${page.pageNumber} ---`;
    const body = groupLines(page).map((line) =>
      splitSegments(line)
        .map((s) => s.text)
        .join(' | '),
    );
    for (const line of [header, ...body]) {
      if (length + line.length + 1 > maxCharacters) {
        parts.push('[... truncated]');
        return parts.join('\n');
      }
      parts.push(line);
      length += line.length + 1;
    }
  }
  return parts.join('\n');
}
