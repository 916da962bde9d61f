import type { PureRecipe } from './pure-node.types';

/** Every trigger's step shows what started the run: its input and files. */
export const triggerOutcome: PureRecipe = ({ data }) =>
  Promise.resolve({
    output: {
      trigger: data.trigger,
      input: data.input,
      fileIds: data.fileIds,
      documents: data.documents,
    },
  });
