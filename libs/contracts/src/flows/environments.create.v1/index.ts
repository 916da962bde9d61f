import { defineContract } from '@docket/platform';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Length, Matches } from 'class-validator';

import { EnvironmentRecord } from '../environment.records';

export class CreateEnvironmentRequest {
  @ApiProperty({ example: 'production', description: 'Unique in the organization' })
  @IsString()
  @Matches(/^[A-Za-z0-9][A-Za-z0-9 _.-]{0,63}$/, {
    message: 'name must be 1-64 letters, digits, spaces, _ . or -, starting with a letter or digit',
  })
  name!: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @Length(0, 2000)
  description?: string;
}

export const CreateEnvironmentV1 = defineContract<CreateEnvironmentRequest, EnvironmentRecord>(
  'flows.environments.create.v1',
  CreateEnvironmentRequest,
);
