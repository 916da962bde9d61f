import {
  ExecutionStatusEvent,
  ExecutionStatusEventV1,
  ExecutionStepEvent,
  ExecutionStepEventV1,
} from '@docket/contracts';
import { JetStreamEvents } from '@docket/platform';
import { Injectable } from '@nestjs/common';

import type { StatusReport, StepReport, StepTimes } from '../workflows/flow-activities.types';

/** Step statuses that end a step: recorded with a completion time. */
const ENDED: ReadonlySet<string> = new Set(['completed', 'failed', 'skipped', 'canceled']);

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

  /**
   * Publishes a step; a time the report leaves out is stamped now (see StepReport), and both
   * times are answered so that the workflow can carry them to the step's next record.
   */
  async step(report: StepReport, attempt: number): Promise<StepTimes> {
    const now = new Date().toISOString();
    const startedAt = report.startedAt ?? now;
    const completedAt = report.completedAt ?? (ENDED.has(report.status) ? now : undefined);
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
      startedAt,
    };
    if (completedAt) event.completedAt = completedAt;
    if (report.input !== undefined) event.input = report.input;
    if (report.output !== undefined) event.output = report.output;
    if (report.error) event.error = report.error;
    await this.events.publish(ExecutionStepEventV1, event, {
      msgId: `${report.run.executionId}:step:${report.stepKey}:${attempt}:${report.status}`,
    });
    return completedAt ? { startedAt, completedAt } : { startedAt };
  }

  /**
   * Publishes steps the workflow ran itself (their first attempt): stamped in order, so none
   * shows a time before the step it follows, and published together, so they wait for
   * JetStream's acknowledgements once rather than one after another.
   */
  steps(reports: StepReport[]): Promise<StepTimes[]> {
    return Promise.all(reports.map((report) => this.step(report, 1)));
  }
}
