import {
  ExecutionStatusEvent,
  ExecutionStatusEventV1,
  ExecutionStepEvent,
  ExecutionStepEventV1,
} from '@docket/contracts';
import { JetStreamEvents } from '@docket/platform';
import { Injectable } from '@nestjs/common';

import type { StatusReport, StepReport } from '../workflows/flow-activities.types';

/**
 * Feeds the execution read model: every status change and step goes to JetStream, where the
 * flows service applies it. Msg ids are stable per fact, so an activity retried after a crash
 * publishes a duplicate that JetStream drops.
 */
@Injectable()
export class ExecutionReporter {
  constructor(private readonly events: JetStreamEvents) {}

  async status(report: StatusReport, itemIds?: string[]): Promise<void> {
    const event: ExecutionStatusEvent = {
      executionId: report.run.executionId,
      organizationId: report.run.organizationId,
      seq: report.seq,
      status: report.status,
      at: new Date().toISOString(),
    };
    if (itemIds) event.itemIds = itemIds;
    if (report.error) event.error = report.error;
    if (report.stepsCompleted !== undefined) event.stepsCompleted = report.stepsCompleted;
    await this.events.publish(ExecutionStatusEventV1, event, {
      msgId: `${report.run.executionId}:status:${report.seq}`,
    });
  }

  async step(report: StepReport, attempt: number): Promise<void> {
    const event: ExecutionStepEvent = {
      executionId: report.run.executionId,
      organizationId: report.run.organizationId,
      stepKey: report.stepKey,
      sequence: report.sequence,
      nodeId: report.node.id,
      nodeType: report.node.type,
      nodeName: report.node.name ?? report.node.id,
      status: report.status,
      attempt,
      startedAt: report.startedAt,
    };
    if (report.completedAt) event.completedAt = report.completedAt;
    if (report.input !== undefined) event.input = report.input;
    if (report.output !== undefined) event.output = report.output;
    if (report.error) event.error = report.error;
    await this.events.publish(ExecutionStepEventV1, event, {
      msgId: `${report.run.executionId}:step:${report.stepKey}:${attempt}:${report.status}`,
    });
  }
}
