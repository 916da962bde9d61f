import { defineContract } from '@docket/platform';
import { ApiProperty } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';

export class DeleteIdentityProviderRequest {
  @IsUUID('4')
  identityProviderId!: string;
}

export class IdentityProviderDeleted {
  @ApiProperty({ format: 'uuid' }) identityProviderId!: string;
}

export const DeleteIdentityProviderV1 = defineContract<
  DeleteIdentityProviderRequest,
  IdentityProviderDeleted
>('identity.identity-providers.delete.v1', DeleteIdentityProviderRequest);
