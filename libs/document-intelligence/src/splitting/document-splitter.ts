import type {
  ClassificationConfig,
  PageClassification,
} from '../classification/classification.types';
import { classifyPages } from '../classification/document-classifier';
import { KeywordClassifier } from '../classification/keyword-classifier';
import type { NaiveBayesModel } from '../classification/naive-bayes-classifier';
import type { TextPage } from '../text-layer/text-layer.types';
import {
  jaccard,
  type PageContinuitySignals,
  pageContinuitySignals,
} from './page-continuity-signals';

/** Log-odds contributions of each signal to "this page starts a new document". */
export interface SplitWeights {
  readonly pageOneOfMany: number;
  readonly pageContinues: number;
  readonly previousPageWasLast: number;
  readonly continuedCue: number;
  readonly classChanged: number;
  readonly sameClass: number;
  readonly unclassifiedPage: number;
  readonly titleCue: number;
  readonly sameHeader: number;
  readonly headerIdentifiersShared: number;
  readonly headerIdentifiersDiffer: number;
  /** Prior: negative, because most pages of a bundle continue a document. */
  readonly bias: number;
}

export const DEFAULT_SPLIT_WEIGHTS: SplitWeights = {
  pageOneOfMany: 4,
  pageContinues: -5,
  previousPageWasLast: 2.5,
  continuedCue: -3,
  classChanged: 3,
  sameClass: -0.5,
  unclassifiedPage: -1,
  titleCue: 2.5,
  sameHeader: -1,
  headerIdentifiersShared: -1,
  headerIdentifiersDiffer: 1,
  bias: -0.5,
};

export interface SplitOptions {
  readonly model?: NaiveBayesModel | null;
  readonly weights?: Partial<SplitWeights>;
  /** A page class below this confidence counts as "unclassified". Default 0.6. */
  readonly confidentClass?: number;
}

export interface DocumentSegment {
  /** 1-based page numbers as given in the input pages. */
  readonly startPage: number;
  readonly endPage: number;
  readonly pageNumbers: readonly number[];
  readonly label: string | null;
  readonly confidence: number;
  /** Probability that the split before `startPage` is right (1 for the file's first page). */
  readonly boundaryConfidence: number;
  /** Signals that decided the boundary, for the review screen and for debugging. */
  readonly reasons: readonly string[];
}

export interface SplitResult {
  readonly segments: readonly DocumentSegment[];
  readonly pages: readonly PageClassification[];
}

const logistic = (x: number): number => 1 / (1 + Math.exp(-x));

interface PageView {
  readonly page: TextPage;
  readonly signals: PageContinuitySignals;
  readonly classification: PageClassification;
  readonly titleCue: boolean;
}

function boundaryEvidence(
  previous: PageView,
  current: PageView,
  w: SplitWeights,
  confident: number,
): { score: number; reasons: string[] } {
  const reasons: string[] = [];
  let score = w.bias;
  const add = (weight: number, reason: string): void => {
    score += weight;
    reasons.push(`${reason} (${weight >= 0 ? '+' : ''}${weight})`);
  };

  const marker = current.signals.pageOf;
  if (marker?.index === 1) add(w.pageOneOfMany, 'page 1 marker');
  else if (marker && marker.index > 1) add(w.pageContinues, `page ${marker.index} marker`);
  const before = previous.signals.pageOf;
  if (before?.total !== undefined && before.index === before.total)
    add(w.previousPageWasLast, 'previous page was last of its document');
  if (current.signals.continuedCue) add(w.continuedCue, 'continued cue');

  const prevClass = previous.classification;
  const curClass = current.classification;
  const prevLabel = prevClass.confidence >= confident ? prevClass.label : null;
  const curLabel = curClass.confidence >= confident ? curClass.label : null;
  if (curLabel === null) add(w.unclassifiedPage, 'page not confidently classified');
  else if (prevLabel !== null && prevLabel !== curLabel)
    add(w.classChanged, `class ${prevLabel} -> ${curLabel}`);
  else if (prevLabel === curLabel) add(w.sameClass, `same class ${curLabel}`);
  if (current.titleCue && !current.signals.continuedCue)
    add(w.titleCue, 'title keywords at top of page');

  if (jaccard(previous.signals.headerTokens, current.signals.headerTokens) >= 0.6)
    add(w.sameHeader, 'same header');
  const prevIds = previous.signals.headerIdentifiers;
  const curIds = current.signals.headerIdentifiers;
  if (prevIds.size > 0 && curIds.size > 0) {
    if (jaccard(prevIds, curIds) > 0) add(w.headerIdentifiersShared, 'header identifiers continue');
    else add(w.headerIdentifiersDiffer, 'header identifiers change');
  }
  return { score, reasons };
}

/**
 * Splits a file's pages into documents: scores every page boundary from page classes and
 * continuity signals, cuts where "starts a document" is more likely than not, then classifies
 * each piece as a whole.
 */
export function splitDocuments(
  pages: readonly TextPage[],
  config: ClassificationConfig,
  options: SplitOptions = {},
): SplitResult {
  const weights = { ...DEFAULT_SPLIT_WEIGHTS, ...options.weights };
  const confident = options.confidentClass ?? 0.6;
  const classifications = classifyPages(pages, config, options.model);
  const rules = new KeywordClassifier(config.classes);
  const views: PageView[] = pages.map((page, i) => {
    const classification = classifications[i];
    const evidence = rules.classify([page]).evidence;
    const titleCue = evidence.some(
      (e) =>
        e.label === classification.label && e.box !== undefined && e.box.y1 <= 0.3 && e.weight > 1,
    );
    return { page, signals: pageContinuitySignals(page), classification, titleCue };
  });

  const groups: Array<{ views: PageView[]; boundaryConfidence: number; reasons: string[] }> = [];
  views.forEach((view, i) => {
    if (i === 0) {
      groups.push({ views: [view], boundaryConfidence: 1, reasons: ['first page of file'] });
      return;
    }
    const { score, reasons } = boundaryEvidence(views[i - 1], view, weights, confident);
    if (score > 0) groups.push({ views: [view], boundaryConfidence: logistic(score), reasons });
    else groups[groups.length - 1].views.push(view);
  });

  const segments = groups.map((group) => {
    const segmentPages = group.views.map((v) => v.page);
    const label = segmentLabel(group.views, config);
    return {
      startPage: segmentPages[0].pageNumber,
      endPage: segmentPages[segmentPages.length - 1].pageNumber,
      pageNumbers: segmentPages.map((p) => p.pageNumber),
      label: label.label,
      confidence: label.confidence,
      boundaryConfidence: group.boundaryConfidence,
      reasons: group.reasons,
    };
  });
  return { segments, pages: classifications };
}

/**
 * A segment's class is the page-confidence-weighted vote of its pages, with the first page
 * counted double: continuation pages (a table's second half) carry little class evidence.
 */
function segmentLabel(
  views: readonly PageView[],
  config: ClassificationConfig,
): { label: string | null; confidence: number } {
  const totals = new Map<string, number>();
  let weightSum = 0;
  views.forEach((view, i) => {
    const weight = i === 0 ? 2 : 1;
    weightSum += weight;
    for (const score of view.classification.scores) {
      totals.set(score.label, (totals.get(score.label) ?? 0) + score.confidence * weight);
    }
  });
  let best: { label: string | null; confidence: number } = { label: null, confidence: 0 };
  for (const [label, total] of totals) {
    const confidence = total / weightSum;
    if (confidence > best.confidence) best = { label, confidence };
  }
  const minimum = config.minConfidence ?? 0.5;
  return best.confidence >= minimum ? best : { label: null, confidence: best.confidence };
}
