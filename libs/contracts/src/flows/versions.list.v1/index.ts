import { defineContract } from '@docket/platform';

import { FlowRef, FlowVersionRecord } from '../flow.records';

export interface ListFlowVersionsResponse {
  data: FlowVersionRecord[];
}

export const ListFlowVersionsV1 = defineContract<FlowRef, ListFlowVersionsResponse>(
  'flows.versions.list.v1',
  FlowRef,
);
