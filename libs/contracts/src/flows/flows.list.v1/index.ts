import { defineContract } from '@docket/platform';
import { IsUUID } from 'class-validator';

import { FlowRecord } from '../flow.records';

export class ListFlowsRequest {
  @IsUUID('4') projectId!: string;
}

export interface ListFlowsResponse {
  data: FlowRecord[];
}

export const ListFlowsV1 = defineContract<ListFlowsRequest, ListFlowsResponse>(
  'flows.flows.list.v1',
  ListFlowsRequest,
);
