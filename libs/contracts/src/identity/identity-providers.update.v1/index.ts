import { defineContract } from '@docket/platform';
import { PartialType } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';

import { CreateIdentityProviderRequest } from '../identity-providers.create.v1';
import { IdentityProviderRecord } from '../records';

/** Any subset of the creation fields; a new client secret replaces the stored one. */
export class UpdateIdentityProviderBody extends PartialType(CreateIdentityProviderRequest) {}

export class UpdateIdentityProviderRequest extends UpdateIdentityProviderBody {
  @IsUUID('4')
  identityProviderId!: string;
}

export const UpdateIdentityProviderV1 = defineContract<
  UpdateIdentityProviderRequest,
  IdentityProviderRecord
>('identity.identity-providers.update.v1', UpdateIdentityProviderRequest);
