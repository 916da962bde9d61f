import type { SplitEvaluation } from './bundle-splitting.evaluator';
import { type DocumentEvaluation, MEDIA, type Medium, type Shot } from './document.evaluator';
import { addCounts, emptyCounts, f1, mean, precision, recall } from './quality-metrics';
import { DOCUMENT_TYPES, type LayoutSet } from './synthetic-document.types';

const pct = (value: number): string => (Number.isNaN(value) ? 'n/a' : value.toFixed(3));

interface Group {
  readonly label: string;
  readonly items: readonly DocumentEvaluation[];
}

function row(group: Group): string {
  const items = group.items;
  const fields = emptyCounts();
  const cells = emptyCounts();
  items.forEach((e) => {
    addCounts(fields, e.fieldCounts);
    addCounts(cells, e.cellCounts);
  });
  const classAccuracy = items.filter((e) => e.predictedType === e.type).length / items.length;
  const fieldIous = items.flatMap((e) =>
    e.fieldOutcomes.flatMap((o) => (o.iou === undefined ? [] : [o.iou])),
  );
  const cellIous = items.flatMap((e) => e.cellIous);
  const outcomes = items.flatMap((e) => e.fieldOutcomes);
  const wrong = outcomes.filter((o) => !o.correct);
  const caught = wrong.filter((o) => o.flagged).length;
  const falseAlarms = outcomes.filter((o) => o.correct && o.flagged).length;
  const correct = outcomes.filter((o) => o.correct).length;
  const hasCells = cells.tp + cells.fp + cells.fn > 0;
  return [
    group.label,
    String(items.length),
    String(items.reduce((s, e) => s + e.pages, 0)),
    pct(classAccuracy),
    pct(precision(fields)),
    pct(recall(fields)),
    pct(f1(fields)),
    hasCells ? pct(f1(cells)) : '-',
    pct(mean(fieldIous)),
    hasCells ? pct(mean(cellIous)) : '-',
    wrong.length === 0 ? '-' : `${caught}/${wrong.length}`,
    correct === 0 ? '-' : pct(falseAlarms / correct),
  ].join(' | ');
}

const SET_TITLES: Readonly<Record<LayoutSet, string>> = {
  generated: 'Generated families',
  eval: 'Hand-written held-out (eval) layouts',
  dev: 'Hand-written development layouts',
};

const HEADER =
  '| Type | Docs | Pages | Class acc. | Field P | Field R | Field F1 | Cell F1 | Field IoU | Cell IoU | Errors flagged | Correct flagged |\n' +
  '|---|---|---|---|---|---|---|---|---|---|---|---|';

export function qualityTable(
  evaluations: readonly DocumentEvaluation[],
  set: LayoutSet,
  medium: Medium,
  shot: Shot = 'zero',
): string {
  const scoped = evaluations.filter((e) => e.set === set && e.medium === medium && e.shot === shot);
  if (scoped.length === 0) return '';
  const groups: Group[] = DOCUMENT_TYPES.map((type) => ({
    label: type,
    items: scoped.filter((e) => e.type === type),
  })).filter((g) => g.items.length > 0);
  groups.push({ label: '**all**', items: scoped });
  return [
    `#### ${SET_TITLES[set]}, ${medium}, ${shot}-shot`,
    '',
    HEADER,
    ...groups.map((g) => `| ${row(g)} |`),
  ].join('\n');
}

export function throughputTable(evaluations: readonly DocumentEvaluation[]): string {
  const lines = [
    '| Medium | Pages | Text layer pages/s | Engine pages/s | End-to-end pages/s |',
    '|---|---|---|---|---|',
  ];
  for (const medium of MEDIA) {
    const scoped = evaluations.filter((e) => e.medium === medium);
    if (scoped.length === 0) continue;
    const pages = scoped.reduce((s, e) => s + e.pages, 0);
    const textSeconds = scoped.reduce((s, e) => s + e.textLayerMs, 0) / 1000;
    const engineSeconds = scoped.reduce((s, e) => s + e.engineMs, 0) / 1000;
    lines.push(
      `| ${medium} | ${pages} | ${(pages / textSeconds).toFixed(2)} | ${(pages / engineSeconds).toFixed(1)} | ${(pages / (textSeconds + engineSeconds)).toFixed(2)} |`,
    );
  }
  return lines.join('\n');
}

export function splittingTable(split: SplitEvaluation): string {
  const p = split.boundaryTp / Math.max(1, split.boundaryTp + split.boundaryFp);
  const r = split.boundaryTp / Math.max(1, split.boundaryTp + split.boundaryFn);
  return [
    '| Bundles | Pages | Boundary P | Boundary R | Exact document ranges | Class of exact ranges |',
    '|---|---|---|---|---|---|',
    `| ${split.bundles} | ${split.pages} | ${pct(p)} | ${pct(r)} | ${split.exactSegments}/${split.trueSegments} | ${split.correctlyClassifiedSegments}/${split.exactSegments} |`,
  ].join('\n');
}

/** Every wrong field value, for diagnosis. */
export function errorList(evaluations: readonly DocumentEvaluation[], limit = 60): string {
  const lines: string[] = [];
  for (const e of evaluations) {
    if (e.predictedType !== e.type)
      lines.push(
        `- ${e.medium} ${e.layoutId} ${e.documentId}: classified as ${e.predictedType} (${e.classConfidence.toFixed(2)})`,
      );
    for (const o of e.fieldOutcomes) {
      if (o.correct) continue;
      lines.push(
        `- ${e.medium} ${e.layoutId} ${o.key}: expected ${JSON.stringify(o.truth)} got ${JSON.stringify(o.predicted)}${o.flagged ? ' [flagged]' : ''}`,
      );
    }
    const cellErrors = e.cellCounts.fp + e.cellCounts.fn;
    if (cellErrors > 0)
      lines.push(
        `- ${e.medium} ${e.layoutId} ${e.documentId}: table cells tp=${e.cellCounts.tp} fp=${e.cellCounts.fp} fn=${e.cellCounts.fn}`,
      );
  }
  return (
    lines.slice(0, limit).join('\n') +
    (lines.length > limit ? `\n- ... ${lines.length - limit} more` : '')
  );
}

/**
 * Diagnosis of the review decision: every document that went straight through with a wrong
 * field or table cell (a silent error, with the cell's printed text and confidence), and why
 * each fully right document was still sent to review.
 */
export function reviewDiagnosis(evaluations: readonly DocumentEvaluation[], limit = 200): string {
  const silent: string[] = [];
  const needless: string[] = [];
  for (const e of evaluations) {
    const name = `${e.medium} ${e.shot}-shot ${e.layoutId} ${e.documentId}`;
    if (!e.needsReview && !e.fullyRight) {
      silent.push(`- ${name}: straight through with errors`);
      for (const o of e.fieldOutcomes.filter((o) => !o.correct))
        silent.push(
          `  - field ${o.key}: expected ${JSON.stringify(o.truth)} got ${JSON.stringify(o.predicted)} (${o.confidence.toFixed(2)})`,
        );
      for (const c of e.cellErrors)
        silent.push(
          `  - cell ${c.table} row ${c.row} ${c.column}: expected ${JSON.stringify(c.truth)} got ${JSON.stringify(c.predicted)} from "${c.text}" (${c.confidence.toFixed(2)})`,
        );
    }
    if (e.needsReview && e.fullyRight) needless.push(`- ${name}: ${e.flagReasons.join(' | ')}`);
  }
  const cut = (lines: string[]): string =>
    lines.slice(0, limit).join('\n') +
    (lines.length > limit ? `\n- ... ${lines.length - limit} more` : '');
  return [
    `Straight through with an error: ${silent.filter((l) => l.startsWith('-')).length}`,
    cut(silent),
    `Fully right but sent to review: ${needless.length}`,
    cut(needless),
  ].join('\n\n');
}
