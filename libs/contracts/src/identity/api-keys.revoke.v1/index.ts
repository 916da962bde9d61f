import { defineContract } from '@docket/platform';
import { ApiProperty } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';

export class RevokeApiKeyRequest {
  @IsUUID('4')
  apiKeyId!: string;
}

export class ApiKeyRevoked {
  @ApiProperty({ format: 'uuid' }) apiKeyId!: string;
  @ApiProperty({ format: 'date-time' }) revokedAt!: string;
}
export const RevokeApiKeyV1 = defineContract<RevokeApiKeyRequest, ApiKeyRevoked>(
  'identity.api-keys.revoke.v1',
  RevokeApiKeyRequest,
);
