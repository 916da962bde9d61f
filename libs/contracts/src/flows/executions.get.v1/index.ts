import { defineContract } from '@docket/platform';

import { ExecutionDetailRecord, ExecutionRef } from '../execution.records';

export const GetExecutionV1 = defineContract<ExecutionRef, ExecutionDetailRecord>(
  'flows.executions.get.v1',
  ExecutionRef,
);
