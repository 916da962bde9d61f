import { Injectable } from '@nestjs/common';

import type { NodeOutcome } from '../../workflows/flow-activities.types';
import { NodeContext, NodeExecutor } from '../node-executor';
import { evaluatePureNode, PURE_NODE_TYPES } from '../pure-nodes';

/**
 * Triggers, transforms, routes, for-each and joins, when an activity evaluates them: in a run
 * a workflow began before the workflow evaluated them itself, in a run with variables (whose
 * values the step records are scrubbed of), and for an expression over the workflow's budget.
 */
@Injectable()
export class PureNodeExecutor implements NodeExecutor {
  readonly types = PURE_NODE_TYPES;
  readonly recordsStart = false;

  execute({ execution }: NodeContext): Promise<NodeOutcome> {
    return evaluatePureNode(execution);
  }
}
