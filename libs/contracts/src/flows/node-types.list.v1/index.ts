import { defineContract } from '@docket/platform';

import { NodeTypeRecord } from '../node-type.records';

/** GET /node-types: the node catalog, the same for every organization (libs/nodes says it). */
export class ListNodeTypesRequest {}

export interface ListNodeTypesResponse {
  data: NodeTypeRecord[];
}

export const ListNodeTypesV1 = defineContract<ListNodeTypesRequest, ListNodeTypesResponse>(
  'flows.node-types.list.v1',
  ListNodeTypesRequest,
);
