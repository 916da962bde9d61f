import { defineContract } from '@docket/platform';
import { IsUUID } from 'class-validator';

import { IdentityProviderRecord } from '../records';

export class GetIdentityProviderRequest {
  @IsUUID('4')
  identityProviderId!: string;
}

export const GetIdentityProviderV1 = defineContract<
  GetIdentityProviderRequest,
  IdentityProviderRecord
>('identity.identity-providers.get.v1', GetIdentityProviderRequest);
