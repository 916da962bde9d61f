import type { LayoutText, TextPage } from '@docket/document-intelligence';

import {
  groupLines,
  splitSegments,
} from '../../libs/document-intelligence/src/text-layer/line-grouper';
import type { PredictedLink } from './linking-score';

/*
 * The baseline the layout analysis is compared with in the same run: every text segment whose
 * text ends with a colon, or has no digit, is linked to the nearest segment to its right on the
 * same line, or else to the nearest one below it that overlaps it horizontally. What a
 * first-time rule writer would build in an afternoon.
 */
export function nearestNeighbourLinks(page: TextPage): PredictedLink[] {
  const lines = groupLines(page).map((line) => splitSegments(line));
  const links: PredictedLink[] = [];
  lines.forEach((segments, index) => {
    segments.forEach((segment, s) => {
      if (/\d/.test(segment.text) && !segment.text.endsWith(':')) return;
      const key: LayoutText = segment;
      const right = segments[s + 1];
      if (right) {
        links.push({ key, value: right, source: 'pair' });
        return;
      }
      for (const below of lines.slice(index + 1, index + 3).flat()) {
        if (below.box.x0 < segment.box.x1 && below.box.x1 > segment.box.x0) {
          links.push({ key, value: below, source: 'pair' });
          return;
        }
      }
    });
  });
  return links;
}
