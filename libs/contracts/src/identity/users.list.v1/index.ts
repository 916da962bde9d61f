import { defineContract } from '@docket/platform';

import { UserRecord } from '../records';

export class ListUsersRequest {}

export class ListUsersResponse {
  data!: UserRecord[];
}

export const ListUsersV1 = defineContract<ListUsersRequest, ListUsersResponse>(
  'identity.users.list.v1',
  ListUsersRequest,
);
