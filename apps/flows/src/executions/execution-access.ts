import { Actor, assertProjectAccess, DocketException } from '@docket/platform';
import { Injectable } from '@nestjs/common';

import { ExecutionRepository } from '../database/execution.repository';
import { ExecutionEntity } from '../database/flows.entities';

/** An execution as the caller may see it: their organization, a project they are granted. */
@Injectable()
export class ExecutionAccess {
  constructor(private readonly executions: ExecutionRepository) {}

  async load(actor: Actor, executionId: string): Promise<ExecutionEntity> {
    const execution = await this.executions.find(actor.organizationId, executionId);
    if (!execution) throw DocketException.notFound('Flow execution');
    assertProjectAccess(actor, execution.projectId);
    return execution;
  }
}
