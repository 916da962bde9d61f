import { StartScheduledRunV1 } from '@docket/contracts';
import { inSpan, newTraceId, RpcClient, runWithTrace, SpanKind } from '@docket/platform';
import { Injectable } from '@nestjs/common';
import { Context } from '@temporalio/activity';

import { NodeRunner } from '../nodes/node-runner.service';
import { ExecutionReporter } from '../reporting/execution-reporter';
import { ReviewGate } from '../runs/review-gate.service';
import { RunLifecycle } from '../runs/run-lifecycle.service';
import type {
  FlowActivities,
  NodeExecution,
  NodeOutcome,
  Recording,
  ReviewClosing,
  ReviewOpening,
  RunDocument,
  RunRef,
  StatusReport,
  StepReport,
  StepTimes,
} from '../workflows/flow-activities.types';

/**
 * The activities the flow-execution workflow calls, bound into Worker.create. Each runs in the
 * run's trace id, so its log lines, service calls and events can be followed from the API.
 */
@Injectable()
export class FlowActivitiesService implements FlowActivities {
  constructor(
    private readonly lifecycle: RunLifecycle,
    private readonly nodes: NodeRunner,
    private readonly reviews: ReviewGate,
    private readonly reporter: ExecutionReporter,
    private readonly rpc: RpcClient,
  ) {}

  beginRun(request: {
    run: RunRef;
    seq: number;
    needsItem: boolean;
  }): Promise<{ itemId: string | null; documents: RunDocument[] }> {
    return inTrace(request.run, () =>
      this.lifecycle.begin(request.run, request.seq, request.needsItem),
    );
  }

  executeNode(request: NodeExecution): Promise<NodeOutcome> {
    return inTrace(request.run, () => this.nodes.execute(request));
  }

  openReview(
    request: ReviewOpening,
  ): Promise<{ itemId: string; attempt: number; startedAt: string }> {
    return inTrace(request.execution.run, () => this.reviews.open(request));
  }

  closeReview(request: ReviewClosing): Promise<NodeOutcome> {
    return inTrace(request.execution.run, () => this.reviews.close(request));
  }

  recordStep(request: StepReport): Promise<StepTimes> {
    return inTrace(request.run, () => this.reporter.step(request, 1));
  }

  recordSteps(recording: Recording): Promise<StepTimes[]> {
    const run = recording.start?.run ?? recording.steps[0]?.run;
    if (!run) return Promise.resolve([]);
    return inTrace(run, () => this.lifecycle.record(recording));
  }

  finishRun(request: StatusReport): Promise<void> {
    return inTrace(request.run, () => this.lifecycle.finish(request));
  }

  async startScheduledRun(request: {
    organizationId: string;
    flowId: string;
    tickKey: string;
  }): Promise<string | null> {
    const { executionId } = await this.rpc.call(StartScheduledRunV1, request, null);
    return executionId;
  }
}

/**
 * Every activity runs in the trace of the request that started its run (logs, service calls and
 * an OpenTelemetry span all carry the X-Service-Trace-Id of that request).
 */
function inTrace<T>(run: RunRef, work: () => Promise<T>): Promise<T> {
  const activity = Context.current().info.activityType;
  return runWithTrace(run.traceId ?? newTraceId(), () =>
    inSpan(
      `activity ${activity}`,
      SpanKind.INTERNAL,
      { 'docket.execution_id': run.executionId, 'temporal.activity': activity },
      work,
    ),
  );
}
