import { defineContract } from '@docket/platform';

import { FlowDetailRecord, FlowRef } from '../flow.records';

export const GetFlowV1 = defineContract<FlowRef, FlowDetailRecord>('flows.flows.get.v1', FlowRef);
