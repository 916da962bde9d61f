import path from 'node:path';

import { NativeConnection, Worker } from '@temporalio/worker';

import { WorkerConfig } from '../worker.config';
import type { FlowActivities } from '../workflows/flow-activities.types';
import { workflowBundle } from './workflow-bundle';

/** The workflow source of this build (TypeScript under jest, compiled JavaScript in dist/). */
export const DEFAULT_WORKFLOWS_PATH = path.join(__dirname, '..', 'workflows');

export interface FlowWorkerOptions {
  config: WorkerConfig;
  connection: NativeConnection;
  activities: FlowActivities;
}

/**
 * One place that decides how the flow worker is built, used by the service and by the
 * integration tests alike: task queue, concurrency, and where the workflow code comes from
 * (a prebuilt bundle when configured, else the workflow source bundled at start and cached).
 */
export async function createFlowWorker(options: FlowWorkerOptions): Promise<Worker> {
  const { config, connection, activities } = options;
  const bundle = await workflowBundle({
    bundlePath: config.workflowBundlePath,
    workflowsPath: config.workflowsPath || DEFAULT_WORKFLOWS_PATH,
  });
  return Worker.create({
    connection,
    namespace: config.temporalNamespace,
    taskQueue: config.taskQueue(),
    workflowBundle: bundle,
    activities: bindActivities(activities),
    maxConcurrentActivityTaskExecutions: config.maxConcurrentActivities,
    maxConcurrentWorkflowTaskExecutions: config.maxConcurrentWorkflowTasks,
    shutdownGraceTime: '10s',
  });
}

/** Activities are Nest injectables; Temporal calls plain functions, so bind each method. */
function bindActivities(activities: FlowActivities): FlowActivities {
  return {
    beginRun: activities.beginRun.bind(activities),
    executeNode: activities.executeNode.bind(activities),
    openReview: activities.openReview.bind(activities),
    closeReview: activities.closeReview.bind(activities),
    recordStep: activities.recordStep.bind(activities),
    recordSteps: activities.recordSteps.bind(activities),
    finishRun: activities.finishRun.bind(activities),
    startScheduledRun: activities.startScheduledRun.bind(activities),
  };
}
