import type { RunData } from '../../workflows/flow-activities.types';

/**
 * What an expression sees: the run's input and trigger, its files and documents, the output
 * of every finished node by id, the current loop element and the reviewer's submission.
 */
export function expressionScope(data: RunData): Record<string, unknown> {
  return {
    input: data.input,
    trigger: data.trigger,
    fileIds: data.fileIds,
    documents: data.documents,
    nodes: data.nodes,
    loop: data.loop ?? null,
    item: data.loop?.item ?? null,
    review: data.review ?? null,
  };
}
