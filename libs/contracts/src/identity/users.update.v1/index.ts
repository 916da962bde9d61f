import { defineContract, ROLES } from '@docket/platform';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsIn, IsOptional, IsUUID } from 'class-validator';

import { UserRecord } from '../records';

/** The body of `PATCH /users/{userId}`: a new role, new project grants, or both. */
export class UpdateUserBody {
  @ApiPropertyOptional({ enum: ROLES, example: 'Partner' })
  @IsOptional()
  @IsIn(ROLES)
  role?: string;

  @ApiPropertyOptional({
    type: [String],
    example: ['0f8c2a4e-1b3d-4e5f-8a9b-0c1d2e3f4a5b'],
    description: 'Replaces every project grant (an Admin sees every project and keeps none)',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @IsUUID('4', { each: true })
  projectIds?: string[];
}

export class UpdateUserRequest extends UpdateUserBody {
  @IsUUID('4')
  userId!: string;
}

export const UpdateUserV1 = defineContract<UpdateUserRequest, UserRecord>(
  'identity.users.update.v1',
  UpdateUserRequest,
);
