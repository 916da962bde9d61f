import type { ExecutionError, NodeType } from '@docket/contracts';
import { nodeConfig } from '@docket/nodes';
import { createLogger, DocketException } from '@docket/platform';
import { Inject, Injectable } from '@nestjs/common';
import { ApplicationFailure, Context } from '@temporalio/activity';

import { ExecutionReporter } from '../reporting/execution-reporter';
import { stepInputOf } from '../runs/step-input';
import { RunSecrets } from '../secrets/run-secrets';
import { RunSecretsProvider } from '../secrets/run-secrets.provider';
import type { NodeExecution, NodeOutcome } from '../workflows/flow-activities.types';
import { nodeDuration } from './node.metrics';
import { NodeError } from './node-error';
import { NODE_EXECUTORS, NodeExecutor } from './node-executor';

const logger = createLogger('node-runner');

/** Errors of our own services that another attempt may well get past. */
const TRANSIENT_CODES = new Set(['SERVICE_UNAVAILABLE', 'INTERNAL', 'RATE_LIMITED', 'LOCKED']);

/**
 * Runs one node execution inside an activity: fills the node's secret slots, calls the node's executor,
 * records the step (input and output scrubbed of every variable value), and turns failures
 * into Temporal failures whose type is the error code and whose retryability is the node's.
 */
@Injectable()
export class NodeRunner {
  private readonly byType = new Map<NodeType, NodeExecutor>();

  constructor(
    @Inject(NODE_EXECUTORS) executors: NodeExecutor[],
    private readonly secretsProvider: RunSecretsProvider,
    private readonly reporter: ExecutionReporter,
  ) {
    for (const executor of executors) {
      for (const type of executor.types) this.byType.set(type, executor);
    }
  }

  supports(type: NodeType): boolean {
    return this.byType.has(type);
  }

  async execute(execution: NodeExecution): Promise<NodeOutcome> {
    const { run, node, stepKey, sequence } = execution;
    const attempt = Context.current().info.attempt;
    const started = Date.now();
    const startedAt = new Date(started).toISOString();
    const step = { run, node, stepKey, sequence, startedAt };
    let secrets = RunSecrets.none();
    let input: unknown;
    try {
      const executor = this.byType.get(node.type);
      if (!executor) throw new NodeError('NODE_UNSUPPORTED', `No executor for ${node.type}`);
      secrets = await this.secretsProvider.forRun(run);
      input = secrets.scrub(stepInputOf(execution));
      if (executor.recordsStart) {
        await this.reporter.step({ ...step, status: 'running', input }, attempt);
      }
      const outcome = secrets.scrub(
        await executor.execute({
          execution,
          config: nodeConfig(node.type, secrets.resolveSlots(node.type, node.config ?? {})),
          secrets,
          heartbeat: () => Context.current().heartbeat(),
        }),
      );
      await this.reporter.step(
        {
          ...step,
          status: 'completed',
          completedAt: new Date().toISOString(),
          input,
          output: outcome.output,
        },
        attempt,
      );
      nodeDuration.observe(
        { type: node.type, outcome: 'completed' },
        (Date.now() - started) / 1000,
      );
      return outcome;
    } catch (error) {
      nodeDuration.observe({ type: node.type, outcome: 'failed' }, (Date.now() - started) / 1000);
      const failure = describeFailure(error, secrets);
      logger.warn(
        { executionId: run.executionId, nodeId: node.id, attempt, code: failure.code, err: error },
        'node attempt failed',
      );
      const recorded: ExecutionError = {
        code: failure.code,
        message: failure.message,
        nodeId: node.id,
        nodeName: node.name ?? node.id,
      };
      await this.reporter
        .step(
          {
            ...step,
            status: 'failed',
            completedAt: new Date().toISOString(),
            input,
            error: recorded,
          },
          attempt,
        )
        .catch((reportError: unknown) =>
          logger.warn({ err: reportError }, 'could not record the failed step'),
        );
      throw ApplicationFailure.create({
        type: failure.code,
        message: failure.message,
        nonRetryable: !failure.retryable,
      });
    }
  }
}

function describeFailure(
  error: unknown,
  secrets: RunSecrets,
): { code: string; message: string; retryable: boolean } {
  if (error instanceof NodeError) {
    return {
      code: error.code,
      message: secrets.scrubText(error.message),
      retryable: error.retryable,
    };
  }
  if (error instanceof DocketException) {
    return {
      code: error.code,
      message: secrets.scrubText(error.message),
      retryable: TRANSIENT_CODES.has(error.code),
    };
  }
  // Unknown errors keep their details in the (scrubbed) log, never in the run's record.
  return { code: 'NODE_FAILED', message: 'The node failed unexpectedly', retryable: true };
}
