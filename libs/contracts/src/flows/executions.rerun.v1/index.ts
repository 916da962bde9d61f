import { defineContract } from '@docket/platform';

import { ExecutionRef, RunStarted } from '../execution.records';

export const RerunExecutionV1 = defineContract<ExecutionRef, RunStarted>(
  'flows.executions.rerun.v1',
  ExecutionRef,
);
