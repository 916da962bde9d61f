import type { LayoutText, PageLayout } from '@docket/document-intelligence';
import type { CornerBox } from '@docket/platform';

import type { AnnotatedForm, FormEntity } from './funsd-form';

/*
 * Question→answer linking scored as the FUNSD paper does: a predicted link is right when its key
 * is the annotated question and its value the annotated answer of one of the form's links. A
 * predicted text is assigned the entity holding most of its words (a word belongs to the entity
 * whose annotated word box contains the predicted word's centre, else the one it overlaps most).
 */

export interface PredictedLink {
  readonly key: LayoutText;
  readonly value: LayoutText;
  readonly source: 'pair' | 'table';
}

export interface LinkingCounts {
  predicted: number;
  correct: number;
  truth: number;
  /** Predicted links whose key is not an annotated question (a header, a stray answer, text). */
  keyNotQuestion: number;
  /** Right question, wrong or partial answer. */
  wrongAnswer: number;
}

export function emptyCounts(): LinkingCounts {
  return { predicted: 0, correct: 0, truth: 0, keyNotQuestion: 0, wrongAnswer: 0 };
}

export function addCounts(total: LinkingCounts, part: LinkingCounts): void {
  for (const key of Object.keys(total) as Array<keyof LinkingCounts>) total[key] += part[key];
}

/** Links a reader of the layout gets: each pair with a value, and each table cell under its header. */
export function predictedLinks(layout: PageLayout, withTables: boolean): PredictedLink[] {
  const links: PredictedLink[] = layout.keyValuePairs
    .filter((pair) => pair.value !== null && pair.arrangement !== 'checkbox')
    .map((pair) => ({ key: pair.key, value: pair.value as LayoutText, source: 'pair' as const }));
  if (!withTables) return links;
  for (const table of layout.tables) {
    const headers = table.cells.filter((cell) => cell.isHeader);
    for (const cell of table.cells) {
      if (cell.isHeader) continue;
      const header = headers.find(
        (h) => cell.columnIndex >= h.columnIndex && cell.columnIndex < h.columnIndex + h.columnSpan,
      );
      if (header) links.push({ key: header, value: cell, source: 'table' });
    }
  }
  return links;
}

function overlap(a: CornerBox, b: CornerBox): number {
  const w = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
  const h = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  return w > 0 && h > 0 ? w * h : 0;
}

export class EntityLocator {
  private readonly words: Array<{ box: CornerBox; entity: FormEntity }>;

  constructor(form: AnnotatedForm) {
    this.words = form.entities.flatMap((entity) =>
      entity.words.map((word) => ({
        entity,
        box: {
          x0: word.box[0] / form.width,
          y0: word.box[1] / form.height,
          x1: word.box[2] / form.width,
          y1: word.box[3] / form.height,
        },
      })),
    );
  }

  entityOf(text: LayoutText): FormEntity | undefined {
    const votes = new Map<FormEntity, number>();
    for (const word of text.words) {
      const cx = (word.box.x0 + word.box.x1) / 2;
      const cy = (word.box.y0 + word.box.y1) / 2;
      let best = this.words.find(
        (w) => cx >= w.box.x0 && cx <= w.box.x1 && cy >= w.box.y0 && cy <= w.box.y1,
      );
      if (!best) {
        let most = 0;
        for (const w of this.words) {
          const area = overlap(w.box, word.box);
          if (area > most) [most, best] = [area, w];
        }
      }
      if (best) votes.set(best.entity, (votes.get(best.entity) ?? 0) + 1);
    }
    let winner: FormEntity | undefined;
    let count = 0;
    for (const [entity, n] of votes) if (n > count) [winner, count] = [entity, n];
    return winner;
  }
}

export function scoreLinks(
  form: AnnotatedForm,
  truth: ReadonlySet<string>,
  links: readonly PredictedLink[],
): LinkingCounts {
  const locate = new EntityLocator(form);
  const counts = emptyCounts();
  counts.truth = truth.size;
  const found = new Set<string>();
  for (const link of links) {
    counts.predicted += 1;
    const key = locate.entityOf(link.key);
    const value = locate.entityOf(link.value);
    if (!key || key.label !== 'question') {
      counts.keyNotQuestion += 1;
      continue;
    }
    const id = `${key.id}>${value?.id}`;
    if (truth.has(id) && !found.has(id)) {
      found.add(id);
      counts.correct += 1;
    } else counts.wrongAnswer += 1;
  }
  return counts;
}

export function ratios(counts: LinkingCounts): { precision: number; recall: number; f1: number } {
  const precision = counts.predicted ? counts.correct / counts.predicted : 0;
  const recall = counts.truth ? counts.correct / counts.truth : 0;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f1 };
}
