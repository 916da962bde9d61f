import {
  DEFAULT_LINKER_RANKING,
  extractDocumentFields,
  type FieldSchema,
  type LinkerRanking,
  normaliseText,
  type TextPage,
} from '@docket/document-intelligence';

import type { AnnotatedForm, FormEntity } from './funsd-form';

/*
 * The label-given protocol: every FUNSD question with an annotated answer becomes a string field
 * whose label is the question exactly as printed, and the form is read through the engine
 * behind `POST /projects/{projectId}/ai/extract` (extractDocumentFields, no layout memory). A
 * field's value is right when it is one of the question's linked answers (or all of them in
 * reading order): exactly, after case, space and trailing punctuation are set aside; or nearly,
 * within a fifth of its characters (an OCR slip, a word more or less at an edge).
 */

export interface LabelGivenCounts {
  /** Questions with at least one linked answer. */
  questions: number;
  /** Fields that came back with a value. */
  answered: number;
  exact: number;
  /** Exact or near. */
  near: number;
}

export const emptyLabelGiven = (): LabelGivenCounts => ({
  questions: 0,
  answered: 0,
  exact: 0,
  near: 0,
});

export function addLabelGiven(target: LabelGivenCounts, more: LabelGivenCounts): void {
  target.questions += more.questions;
  target.answered += more.answered;
  target.exact += more.exact;
  target.near += more.near;
}

/** A near answer differs by at most this share of its characters. */
const NEAR_DISTANCE = 0.2;

/**
 * Case, spacing and trailing punctuation set aside. Spaces go entirely: FUNSD boxes "9/", "3/"
 * and "92" of a printed "9/3/92" as three words, which the engine joins as printed.
 */
function canonical(text: string): string {
  return normaliseText(text)
    .toLowerCase()
    .replace(/\s+/g, '')
    .replace(/[.,;:]+$/, '');
}

function editDistance(a: string, b: string): number {
  const previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    let diagonal = previous[0];
    previous[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const above = previous[j];
      previous[j] = Math.min(
        previous[j] + 1,
        previous[j - 1] + 1,
        diagonal + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      diagonal = above;
    }
  }
  return previous[b.length];
}

/** How a predicted value compares with the accepted answers. */
export function judgeAnswer(
  predicted: string,
  accepted: readonly string[],
): 'exact' | 'near' | 'wrong' {
  const value = canonical(predicted);
  const answers = accepted.map(canonical).filter((a) => a.length > 0);
  if (answers.includes(value)) return 'exact';
  const near = answers.some(
    (answer) =>
      editDistance(value, answer) <= NEAR_DISTANCE * Math.max(value.length, answer.length),
  );
  return near ? 'near' : 'wrong';
}

function readingOrder(a: FormEntity, b: FormEntity): number {
  return a.box[1] - b.box[1] || a.box[0] - b.box[0];
}

/** Each question with its linked answers (reading order). */
export function questionsWithAnswers(
  form: AnnotatedForm,
): Array<{ question: FormEntity; answers: FormEntity[] }> {
  const byId = new Map(form.entities.map((entity) => [entity.id, entity]));
  return form.entities
    .filter((entity) => entity.label === 'question' && entity.text.trim().length > 0)
    .map((question) => {
      const answers = new Map<number, FormEntity>();
      for (const entity of form.entities)
        for (const [from, to] of entity.linking) {
          const other = from === question.id ? to : to === question.id ? from : null;
          const answer = other === null ? undefined : byId.get(other);
          if (answer?.label === 'answer' && answer.text.trim().length > 0)
            answers.set(answer.id, answer);
        }
      return { question, answers: [...answers.values()].sort(readingOrder) };
    })
    .filter((q) => q.answers.length > 0);
}

/** A question the engine answered wrong or not at all, for studying the misses. */
export interface LabelGivenMiss {
  readonly form: string;
  readonly label: string;
  readonly predicted: string | null;
  readonly accepted: string;
}

/** One form through the label-given protocol; `onMiss` hears each question not answered right. */
export function scoreLabelGiven(
  form: AnnotatedForm,
  page: TextPage,
  linker: LinkerRanking = DEFAULT_LINKER_RANKING,
  onMiss?: (miss: LabelGivenMiss) => void,
): LabelGivenCounts {
  const questions = questionsWithAnswers(form);
  const schema: FieldSchema = {
    fields: questions.map(({ question }) => ({
      key: `q${question.id}`,
      type: 'string',
      label: question.text.trim(),
    })),
  };
  const extracted = extractDocumentFields({ documentId: form.name, pages: [page] }, schema, {
    linker,
  });
  const counts = emptyLabelGiven();
  questions.forEach(({ question, answers }, i) => {
    counts.questions += 1;
    const value = extracted[i].value;
    const miss = (predicted: string | null): void =>
      onMiss?.({
        form: form.name,
        label: question.text.trim(),
        predicted,
        accepted: answers.map((a) => a.text).join(' | '),
      });
    if (typeof value !== 'string' || value.trim().length === 0) {
      miss(null);
      return;
    }
    counts.answered += 1;
    const accepted = [...answers.map((a) => a.text), answers.map((a) => a.text).join(' ')];
    const verdict = judgeAnswer(value, accepted);
    if (verdict === 'exact') counts.exact += 1;
    else miss(value);
    if (verdict !== 'wrong') counts.near += 1;
  });
  return counts;
}
