import { defineContract, ROLES } from '@docket/platform';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  IsArray,
  IsEmail,
  IsIn,
  IsOptional,
  IsString,
  IsUUID,
  Length,
} from 'class-validator';

import { UserRecord } from '../records';

export class CreateUserRequest {
  @ApiProperty({ example: 'reviewer@example.com' })
  @IsEmail()
  @Length(3, 254)
  email!: string;

  @ApiProperty({ example: 'Riley Reviewer' })
  @IsString()
  @Length(1, 120)
  name!: string;

  @ApiProperty({ enum: ROLES })
  @IsIn(ROLES)
  role!: string;

  @ApiPropertyOptional({ type: [String], description: 'Project grants (ignored for Admins)' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @IsUUID('4', { each: true })
  projectIds?: string[];
}

export const CreateUserV1 = defineContract<CreateUserRequest, UserRecord>(
  'identity.users.create.v1',
  CreateUserRequest,
);
