import { Module } from '@nestjs/common';

import { AiController } from './ai.controller';
import { EnvironmentsController } from './environments.controller';
import { ExecutionsController } from './executions.controller';
import { FileLayoutController } from './file-layout.controller';
import { FlowsController } from './flows.controller';
import { NodeTypesController } from './node-types.controller';

/** HTTP routes of the flows service; controllers are thin delegations over NATS contracts. */
@Module({
  controllers: [
    FlowsController,
    ExecutionsController,
    EnvironmentsController,
    AiController,
    FileLayoutController,
    NodeTypesController,
  ],
})
export class FlowsRoutesModule {}
