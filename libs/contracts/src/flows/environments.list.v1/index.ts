import { defineContract } from '@docket/platform';

import { EnvironmentRecord } from '../environment.records';

export class ListEnvironmentsRequest {}

export interface ListEnvironmentsResponse {
  data: EnvironmentRecord[];
}

export const ListEnvironmentsV1 = defineContract<ListEnvironmentsRequest, ListEnvironmentsResponse>(
  'flows.environments.list.v1',
  ListEnvironmentsRequest,
);
