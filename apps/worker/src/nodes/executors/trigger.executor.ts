import { TRIGGER_NODE_TYPES } from '@docket/contracts';
import { Injectable } from '@nestjs/common';

import type { NodeOutcome } from '../../workflows/flow-activities.types';
import { NodeContext, NodeExecutor } from '../node-executor';

/** The trigger's step shows what started the run: its input and files. */
@Injectable()
export class TriggerExecutor implements NodeExecutor {
  readonly types = TRIGGER_NODE_TYPES;
  readonly recordsStart = false;

  async execute({ execution }: NodeContext): Promise<NodeOutcome> {
    const { data } = execution;
    return {
      output: {
        trigger: data.trigger,
        input: data.input,
        fileIds: data.fileIds,
        documents: data.documents,
      },
    };
  }
}
