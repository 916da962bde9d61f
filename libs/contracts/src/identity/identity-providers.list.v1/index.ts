import { defineContract } from '@docket/platform';

import { IdentityProviderRecord } from '../records';

export class ListIdentityProvidersRequest {}

export class ListIdentityProvidersResponse {
  data!: IdentityProviderRecord[];
}

export const ListIdentityProvidersV1 = defineContract<
  ListIdentityProvidersRequest,
  ListIdentityProvidersResponse
>('identity.identity-providers.list.v1', ListIdentityProvidersRequest);
