import { Module } from '@nestjs/common';

/** HTTP routes of the flows service; controllers are thin delegations over NATS contracts. */
@Module({ controllers: [] })
export class FlowsRoutesModule {}
