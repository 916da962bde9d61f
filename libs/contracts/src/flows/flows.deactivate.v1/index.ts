import { defineContract } from '@docket/platform';

import { FlowRecord, FlowRef } from '../flow.records';

export const DeactivateFlowV1 = defineContract<FlowRef, FlowRecord>(
  'flows.flows.deactivate.v1',
  FlowRef,
);
