import 'reflect-metadata';

import { randomUUID } from 'node:crypto';

import type {
  ExecutionStatusEvent,
  ExecutionStepEvent,
  FlowGraph,
  FlowRunInput,
} from '@docket/contracts';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Client, Connection, WorkflowFailedError } from '@temporalio/client';
import { connect } from 'nats';

/*
 * The worker as it runs in production (its Nest module, the workflow source bundled at start,
 * the real activities) against the Temporal dev server and NATS JetStream. A private task queue
 * and NATS prefix keep it away from every running stack.
 */
const suffix = randomUUID().slice(0, 8);
process.env.DOCKET_ENV = 'test';
process.env.TEMPORAL_NAMESPACE = 'docket-test';
process.env.TEMPORAL_TASK_QUEUE = `worker-int-${suffix}`;
process.env.DOCKET_NATS_PREFIX = `worker-int-${suffix}`;
process.env.LOG_LEVEL = 'warn';

// Imported after the environment is set: the module reads its configuration when loaded.
/* eslint-disable @typescript-eslint/no-require-imports */
const platform = require('@docket/platform') as typeof import('@docket/platform');
const { WorkerModule } = require('../worker.module') as typeof import('../worker.module');
/* eslint-enable @typescript-eslint/no-require-imports */

const { ExecutionStatusEventV1, ExecutionStepEventV1 } =
  require('@docket/contracts') as typeof import('@docket/contracts'); // eslint-disable-line @typescript-eslint/no-require-imports

jest.setTimeout(90_000);

describe('flow worker on the Temporal dev server', () => {
  let app: INestApplicationContext;
  let client: Client;
  let connection: Connection;
  let events: import('@docket/platform').JetStreamEvents;
  const statuses: ExecutionStatusEvent[] = [];
  const steps: ExecutionStepEvent[] = [];

  beforeAll(async () => {
    app = await NestFactory.createApplicationContext(WorkerModule, { logger: ['error'] });
    await app.init();
    const readiness = app.get(platform.ReadinessRegistry);
    await platform.runWithTrace('int', async () => {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const checks = await readiness.check();
        if (checks['temporal-worker'] === 'up') return;
        if (Date.now() > deadline) throw new Error(`worker not ready: ${JSON.stringify(checks)}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    });
    connection = await Connection.connect({ address: '127.0.0.1:7233' });
    client = new Client({ connection, namespace: 'docket-test' });
    events = await platform.JetStreamEvents.connect({
      servers: 'nats://127.0.0.1:4222',
      name: 'worker-int-spec',
      prefix: process.env.DOCKET_NATS_PREFIX,
    });
    await events.consume(ExecutionStatusEventV1, {
      durable: `int-status-${suffix}`,
      handle: async (event) => void statuses.push(event),
    });
    await events.consume(ExecutionStepEventV1, {
      durable: `int-steps-${suffix}`,
      handle: async (event) => void steps.push(event),
    });
  });

  afterAll(async () => {
    await events?.close();
    await connection?.close();
    await app?.close();
    // The private prefix's stream would otherwise stay on the shared NATS server.
    const nats = await connect({ servers: 'nats://127.0.0.1:4222' });
    const manager = await nats.jetstreamManager();
    await manager.streams
      .delete(`${process.env.DOCKET_NATS_PREFIX}-events-flows`)
      .catch(() => false);
    await nats.close();
  });

  function runInput(graph: FlowGraph, input: Record<string, unknown>): FlowRunInput {
    return {
      executionId: randomUUID(),
      organizationId: randomUUID(),
      workspaceId: randomUUID(),
      projectId: randomUUID(),
      flowId: randomUUID(),
      flowName: 'Integration flow',
      versionId: randomUUID(),
      version: 'v1.0.0',
      test: false,
      environmentId: null,
      trigger: 'api',
      graph,
      input,
      fileIds: [],
      startedBy: null,
    };
  }

  function execute(input: FlowRunInput) {
    return client.workflow.execute('flowExecutionWorkflow', {
      taskQueue: process.env.TEMPORAL_TASK_QUEUE!,
      workflowId: input.executionId,
      args: [input],
      workflowExecutionTimeout: '1 minute',
    });
  }

  async function until<T>(read: () => T | undefined): Promise<T> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const value = read();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error('event did not arrive');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const routing: FlowGraph = {
    nodes: [
      { id: 'start', type: 'trigger.api' },
      {
        id: 'double',
        type: 'utility.transform',
        config: { expression: '{ "total": input.amount * 2 }' },
      },
      {
        id: 'size',
        type: 'control.route',
        config: { routes: [{ branch: 'big', when: 'nodes.double.total > 100' }] },
      },
      {
        id: 'big',
        type: 'utility.transform',
        config: { expression: '"big:" & nodes.double.total' },
      },
      { id: 'small', type: 'utility.transform', config: { expression: '"small"' } },
      { id: 'merge', type: 'control.join' },
    ],
    edges: [
      { from: 'start', to: 'double' },
      { from: 'double', to: 'size' },
      { from: 'size', to: 'big', branch: 'big' },
      { from: 'size', to: 'small' },
      { from: 'big', to: 'merge' },
      { from: 'small', to: 'merge' },
    ],
  };

  it('interprets a graph: one activity per node, routes skip dead branches, joins gather', async () => {
    const input = runInput(routing, { amount: 60 });
    await expect(execute(input)).resolves.toEqual({ status: 'completed', itemId: null });

    const completed = await until(() =>
      statuses.find((s) => s.executionId === input.executionId && s.status === 'completed'),
    );
    expect(completed.seq).toBe(2);
    const running = statuses.find((s) => s.executionId === input.executionId && s.seq === 1);
    expect(running?.status).toBe('running');

    const ofRun = await until(() => {
      const found = steps.filter((s) => s.executionId === input.executionId);
      return found.length >= 5 ? found : undefined;
    });
    expect(ofRun.map((s) => s.stepKey).sort()).toEqual(['big', 'double', 'merge', 'size', 'start']);
    expect(ofRun.every((s) => s.status === 'completed' && s.attempt === 1)).toBe(true);
    expect(ofRun.find((s) => s.stepKey === 'double')?.output).toEqual({ total: 120 });
    expect(ofRun.find((s) => s.stepKey === 'size')?.output).toEqual({ branch: 'big' });
    expect(ofRun.find((s) => s.stepKey === 'merge')?.output).toEqual({ big: 'big:120' });
    expect(ofRun.map((s) => s.sequence).sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('takes the default branch when no route matches', async () => {
    const input = runInput(routing, { amount: 10 });
    await execute(input);
    const ofRun = await until(() => {
      const found = steps.filter((s) => s.executionId === input.executionId);
      return found.length >= 5 ? found : undefined;
    });
    expect(ofRun.map((s) => s.stepKey)).toContain('small');
    expect(ofRun.map((s) => s.stepKey)).not.toContain('big');
  });

  it('runs a for-each body once per element, with a step per iteration', async () => {
    const graph: FlowGraph = {
      nodes: [
        { id: 'start', type: 'trigger.api' },
        { id: 'each', type: 'control.for-each', config: { items: 'input.names' } },
        { id: 'greet', type: 'utility.transform', config: { expression: '"hi " & item' } },
        { id: 'after', type: 'utility.transform', config: { expression: 'nodes.each.count' } },
      ],
      edges: [
        { from: 'start', to: 'each' },
        { from: 'each', to: 'greet', branch: 'body' },
        { from: 'greet', to: 'each' },
        { from: 'each', to: 'after', branch: 'done' },
      ],
    };
    const input = runInput(graph, { names: ['ann', 'bob', 'cy'] });
    await execute(input);
    const ofRun = await until(() => {
      const found = steps.filter((s) => s.executionId === input.executionId);
      return found.length >= 6 ? found : undefined;
    });
    const greetings = ofRun.filter((s) => s.nodeId === 'greet');
    expect(greetings.map((s) => [s.stepKey, s.output])).toEqual([
      ['greet#0', 'hi ann'],
      ['greet#1', 'hi bob'],
      ['greet#2', 'hi cy'],
    ]);
    expect(ofRun.find((s) => s.stepKey === 'after')?.output).toBe(3);
  });

  it('fails the run naming the node when a node fails for good', async () => {
    const graph: FlowGraph = {
      nodes: [
        { id: 'start', type: 'trigger.api' },
        {
          id: 'broken',
          name: 'Broken maths',
          type: 'utility.transform',
          config: { expression: '1 / ' },
        },
      ],
      edges: [{ from: 'start', to: 'broken' }],
    };
    const input = runInput(graph, {});
    const outcome = await execute(input).catch((error: unknown) => error);
    expect(outcome).toBeInstanceOf(WorkflowFailedError);

    const failed = await until(() =>
      statuses.find((s) => s.executionId === input.executionId && s.status === 'failed'),
    );
    expect(failed.error).toMatchObject({
      code: 'EXPRESSION_INVALID',
      nodeId: 'broken',
      nodeName: 'Broken maths',
    });
    const step = await until(() =>
      steps.find((s) => s.executionId === input.executionId && s.stepKey === 'broken'),
    );
    // Not worth retrying: the expression will not change between attempts.
    expect(step).toMatchObject({ status: 'failed', attempt: 1 });
  });
});
