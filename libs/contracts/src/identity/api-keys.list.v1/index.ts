import { defineContract } from '@docket/platform';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsOptional, IsUUID, Max, Min } from 'class-validator';

export class ListApiKeysRequest {
  @IsInt()
  @Min(1)
  page!: number;

  @IsInt()
  @Min(1)
  @Max(100)
  limit!: number;

  /** Only this owner's keys (an Admin's filter; everyone else sees only their own). */
  @IsOptional()
  @IsUUID('4')
  userId?: string;

  @IsOptional()
  @IsBoolean()
  includeRevoked?: boolean;
}

/** An API key as listed: never the key or its hash, only what identifies it to a person. */
export class ApiKeyRecord {
  @ApiProperty({ format: 'uuid' }) apiKeyId!: string;
  @ApiProperty({ example: 'ci pipeline' }) name!: string;
  @ApiProperty({
    example: 'dk_live_3f9a1c2b',
    description: 'The first characters of the key, enough to tell keys apart',
  })
  prefix!: string;
  @ApiProperty({ format: 'uuid', description: 'The owner' }) userId!: string;
  @ApiProperty({ example: 'riley@acme.example' }) ownerEmail!: string;
  @ApiProperty({ example: 'Riley Reviewer' }) ownerName!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiPropertyOptional({ format: 'date-time', nullable: true, type: String })
  lastUsedAt!: string | null;
  @ApiPropertyOptional({ format: 'date-time', nullable: true, type: String })
  revokedAt!: string | null;
}

export class ApiKeyPage {
  data!: ApiKeyRecord[];
  totalCount!: number;
}

export const ListApiKeysV1 = defineContract<ListApiKeysRequest, ApiKeyPage>(
  'identity.api-keys.list.v1',
  ListApiKeysRequest,
);
