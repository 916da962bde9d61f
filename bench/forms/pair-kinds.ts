/**
 * Where the schema-free pairs go wrong on FUNSD, by kind: each predicted pair (tick boxes aside)
 * is judged by the annotated entities its key and value fall on, and each annotated link the
 * pairs miss by what holds its question and answer instead. Reads annotated words, or the
 * production text layers bench/forms/run.ts kept (--cache DIR, from its --ocr-cache), so it
 * costs no OCR. For studying the training split only.
 *   node -r @swc-node/register bench/forms/pair-kinds.ts --data DIR [--cache DIR/training]
 *     [--split training] [--examples N] [--kind TEXT]
 * --examples N prints up to N examples of each kind whose name holds --kind TEXT (all without).
 * A missed link says where its answer stands from its question and what the layout made of
 * each: a pair's key or value, a table cell, or nothing.
 */
import { analysePage, type KeyValuePair, type LayoutText } from '@docket/document-intelligence';

import { runMain } from '../support/run-main';
import { type FormEntity, questionAnswerLinks } from './funsd-form';
import { EntityLocator } from './linking-score';
import { readStudyOptions, studiedForms } from './studied-forms';

/** The kind of one predicted pair, from the entities its key and value fall on. */
function pairKind(
  key: FormEntity | undefined,
  value: FormEntity | undefined,
  truth: ReadonlySet<string>,
): string {
  const keyLabel = key?.label ?? 'nothing';
  if (keyLabel !== 'question') return `key is ${keyLabel}, value is ${value?.label ?? 'nothing'}`;
  if (value && truth.has(`${key?.id}>${value.id}`)) return 'right';
  if (value?.id === key?.id) return 'question, value inside the question';
  return `question, value is ${value?.label ?? 'nothing'}`;
}

const short = (text: string | undefined) => (text ?? '').replace(/\s+/g, ' ').slice(0, 50);

async function main(): Promise<void> {
  const options = readStudyOptions();
  const kinds = new Map<string, number>();
  const examples = new Map<string, string[]>();
  const note = (kind: string, example: string) => {
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    const list = examples.get(kind) ?? [];
    list.push(example);
    examples.set(kind, list);
  };
  for (const { form, page } of studiedForms(options)) {
    const truth = questionAnswerLinks(form);
    const locate = new EntityLocator(form);
    const layout = analysePage(page);
    const tabled = new Set(
      layout.tables.flatMap((t) => t.cells.map((cell) => locate.entityOf(cell)?.id ?? -1)),
    );
    const pairs = layout.keyValuePairs.filter(
      (p): p is KeyValuePair & { value: LayoutText } =>
        p.value !== null && p.arrangement !== 'checkbox',
    );
    const found = new Set<string>();
    const keyed = new Set<number>();
    const valued = new Set<number>();
    for (const p of pairs) {
      const key = locate.entityOf(p.key);
      const value = locate.entityOf(p.value);
      if (key) keyed.add(key.id);
      if (value) valued.add(value.id);
      const kind = `pair ${pairKind(key, value, truth)}`;
      if (kind === 'pair right') found.add(`${key?.id}>${value?.id}`);
      note(
        `${kind} (${p.arrangement})`,
        `${form.name}: [${short(p.key.text)}] -> [${short(p.value.text)}]  truth: ${key?.label}:${short(key?.text)} / ${value?.label}:${short(value?.text)}`,
      );
    }
    const byId = new Map(form.entities.map((e) => [e.id, e]));
    const answersOf = new Map<number, number>();
    for (const link of truth) {
      const q = Number(link.split('>')[0]);
      answersOf.set(q, (answersOf.get(q) ?? 0) + 1);
    }
    for (const link of truth) {
      if (found.has(link)) continue;
      const [q, a] = link.split('>').map(Number);
      const question = byId.get(q);
      const answer = byId.get(a);
      if (!question || !answer) continue;
      const several = (answersOf.get(q) ?? 0) > 1 ? 'several answers' : 'one answer';
      const [, qy0, qx1, qy1] = question.box;
      const [ax0, ay0] = answer.box;
      const where =
        ay0 >= qy1 - 2 ? 'below' : ax0 >= qx1 - 2 ? 'right' : ay0 < qy0 ? 'above' : 'left';
      const questionRole = keyed.has(q)
        ? 'question keys a pair'
        : tabled.has(q)
          ? 'question in a table'
          : 'question in no key';
      const answerRole = valued.has(a)
        ? 'answer a value'
        : keyed.has(a)
          ? 'answer a key'
          : tabled.has(a)
            ? 'answer in a table'
            : 'answer unused';
      note(
        `missed link, ${several}, answer ${where}, ${questionRole}, ${answerRole}`,
        `${form.name}: ${short(question.text)} -> ${short(answer.text)}`,
      );
    }
  }
  for (const [kind, count] of [...kinds].sort((a, b) => b[1] - a[1])) {
    console.log(`${String(count).padStart(6)}  ${kind}`);
    if (options.kind && !kind.includes(options.kind)) continue;
    for (const example of (examples.get(kind) ?? []).slice(0, options.examples)) {
      console.log(`          ${example}`);
    }
  }
}

runMain(main);
