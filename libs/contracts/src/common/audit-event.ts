import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsString, IsUUID, Length, Max, Min } from 'class-validator';

import { TimeBound } from './time-bound';

/*
 * The audit trail's one vocabulary. Each service writes its own events in its own schema, in the
 * transaction of the change they record, and answers its share of `GET /audit-events`; the
 * gateway merges the shares. Details never hold a secret (a key, a variable value, a client
 * secret): only what changed and why.
 */

export const AUDIT_ACTIONS = [
  'api-key.created',
  'api-key.revoked',
  'user.created',
  'user.changed',
  'user.deactivated',
  'identity-provider.created',
  'identity-provider.changed',
  'identity-provider.deleted',
  'variable.created',
  'variable.updated',
  'variable.revealed',
  'variable.deleted',
  'flow.published',
  'flow.activated',
  'flow.deactivated',
  'lock.taken-over',
  'item.closed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_RESOURCE_TYPES = [
  'api-key',
  'user',
  'identity-provider',
  'variable',
  'flow',
  'item',
] as const;
export type AuditResourceType = (typeof AUDIT_RESOURCE_TYPES)[number];

/**
 * How far into the merged trail a page may reach: each service answers the newest
 * `page * limit` events matching, so the deepest page costs each service at most this many rows.
 */
export const AUDIT_WINDOW_MAX = 10_000;

export class AuditEventRecord {
  @ApiProperty({ example: 'identity:5b0c1d2e-7f3a-4b5c-9d8e-1f2a3b4c5d6e' })
  eventId!: string;
  @ApiProperty({ format: 'date-time' }) occurredAt!: string;
  @ApiProperty({
    format: 'uuid',
    nullable: true,
    type: String,
    description: 'Who did it; null for the system (an idle lock lapsing, a sweeper)',
  })
  actorId!: string | null;
  @ApiProperty({ enum: AUDIT_ACTIONS, example: 'variable.revealed' }) action!: AuditAction;
  @ApiProperty({ enum: AUDIT_RESOURCE_TYPES, example: 'variable' })
  resourceType!: AuditResourceType;
  @ApiProperty({ example: '0f8c2a4e-1b3d-4e5f-8a9b-0c1d2e3f4a5b' }) resourceId!: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    example: { name: 'CLAIMS_API_TOKEN', reason: 'rotating the claims system token' },
    description: 'What changed and why; never a secret',
  })
  details!: Record<string, unknown>;
}

/** The filters of `GET /audit-events`, shared by the route and every service's share. */
export class AuditEventFilter {
  @ApiPropertyOptional({ format: 'uuid', description: 'Only events by this user' })
  @IsOptional()
  @IsUUID('4')
  actorId?: string;

  @ApiPropertyOptional({ enum: AUDIT_ACTIONS })
  @IsOptional()
  @IsIn(AUDIT_ACTIONS)
  action?: AuditAction;

  @ApiPropertyOptional({ enum: AUDIT_RESOURCE_TYPES })
  @IsOptional()
  @IsIn(AUDIT_RESOURCE_TYPES)
  resourceType?: AuditResourceType;

  @ApiPropertyOptional({ description: 'Only events about this resource (its id)' })
  @IsOptional()
  @IsString()
  @Length(1, 100)
  resourceId?: string;

  @TimeBound('Events at or after this time')
  occurredAfter?: string;

  @TimeBound('Events before this time')
  occurredBefore?: string;
}

/** One service's share: its newest `first` events matching, and how many match in all. */
export class ListAuditEventsRequest extends AuditEventFilter {
  @IsInt()
  @Min(1)
  @Max(AUDIT_WINDOW_MAX)
  first!: number;
}

export interface AuditEventShare {
  data: AuditEventRecord[];
  totalCount: number;
}
