import { defineContract } from '@docket/platform';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, IsUUID, Length } from 'class-validator';

export class CreateApiKeyRequest {
  @ApiPropertyOptional({ example: 'ci-integration' })
  @IsOptional()
  @IsString()
  @Length(1, 120)
  name?: string;

  @ApiPropertyOptional({
    format: 'uuid',
    description: 'Whose key; defaults to the caller. Only an Admin may name another user.',
  })
  @IsOptional()
  @IsUUID('4')
  userId?: string;
}

export class ApiKeyCreated {
  @ApiProperty({ format: 'uuid' }) apiKeyId!: string;
  @ApiProperty({ description: 'Shown once; store it now. Only its hash is kept.' }) apiKey!: string;
  @ApiProperty({ description: 'Public prefix, safe to log and show' }) prefix!: string;
  @ApiProperty({ format: 'uuid' }) userId!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}
export const CreateApiKeyV1 = defineContract<CreateApiKeyRequest, ApiKeyCreated>(
  'identity.api-keys.create.v1',
  CreateApiKeyRequest,
);
