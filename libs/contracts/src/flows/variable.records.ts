import { ApiProperty } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';

export const VARIABLE_SCOPES = ['workspace', 'project', 'flow'] as const;

export type VariableScope = (typeof VARIABLE_SCOPES)[number];

export const VARIABLE_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

export const MAX_VARIABLE_VALUE_LENGTH = 8192;

/** What every read shows instead of a value. */
export const MASKED_VALUE = '********';

export class VariableRecord {
  @ApiProperty({ format: 'uuid' }) variableId!: string;
  @ApiProperty({ format: 'uuid' }) environmentId!: string;
  @ApiProperty({ example: 'CLAIMS_API_TOKEN' }) name!: string;
  @ApiProperty({ enum: VARIABLE_SCOPES }) scope!: VariableScope;
  @ApiProperty({ format: 'uuid', description: 'The workspace, project or flow it belongs to' })
  scopeId!: string;
  @ApiProperty({ example: MASKED_VALUE, description: 'Always masked; Admins may reveal' })
  value!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
}

export class VariableRef {
  @IsUUID('4') variableId!: string;
}
