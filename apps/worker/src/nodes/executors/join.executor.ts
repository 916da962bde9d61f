import { Injectable } from '@nestjs/common';

import type { NodeOutcome } from '../../workflows/flow-activities.types';
import { NodeContext, NodeExecutor } from '../node-executor';

/**
 * control.join: the workflow starts it once every incoming branch has settled; its output
 * gathers what the branches that ran produced, keyed by node id.
 */
@Injectable()
export class JoinExecutor implements NodeExecutor {
  readonly types = ['control.join'] as const;
  readonly recordsStart = false;

  async execute({ execution }: NodeContext): Promise<NodeOutcome> {
    const upstream = execution.upstream ?? [];
    const nodes = execution.data.nodes;
    return {
      output: Object.fromEntries(upstream.filter((id) => id in nodes).map((id) => [id, nodes[id]])),
    };
  }
}
