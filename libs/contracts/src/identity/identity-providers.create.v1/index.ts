import { defineContract } from '@docket/platform';
import { ApiProperty } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsFQDN,
  IsString,
  IsUrl,
  Length,
} from 'class-validator';

import { IdentityProviderRecord } from '../records';

/** Limits shared by create and update, so both validate the same way. */
export const IDENTITY_PROVIDER_LIMITS = { maxDomains: 50 } as const;

export class CreateIdentityProviderRequest {
  @ApiProperty({ example: 'Acme Entra ID', minLength: 1, maxLength: 120 })
  @IsString()
  @Length(1, 120)
  name!: string;

  @ApiProperty({
    description: "The provider's issuer URL; its /.well-known/openid-configuration is read",
    example: 'https://login.acme.example/tenant/v2.0',
    maxLength: 500,
  })
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  @Length(1, 500)
  issuer!: string;

  @ApiProperty({ example: 'docket-console', minLength: 1, maxLength: 200 })
  @IsString()
  @Length(1, 200)
  clientId!: string;

  @ApiProperty({
    description: 'Stored encrypted (AES-256-GCM); never returned',
    example: 's3cr3t-from-the-idp',
    minLength: 1,
    maxLength: 500,
    writeOnly: true,
  })
  @IsString()
  @Length(1, 500)
  clientSecret!: string;

  @ApiProperty({
    type: [String],
    description:
      'E-mail domains whose users sign in here; a domain belongs to one provider across all organizations',
    example: ['acme.example'],
    minItems: 1,
    maxItems: IDENTITY_PROVIDER_LIMITS.maxDomains,
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(IDENTITY_PROVIDER_LIMITS.maxDomains)
  @IsFQDN({ require_tld: false }, { each: true })
  domains!: string[];
}

export const CreateIdentityProviderV1 = defineContract<
  CreateIdentityProviderRequest,
  IdentityProviderRecord
>('identity.identity-providers.create.v1', CreateIdentityProviderRequest);
