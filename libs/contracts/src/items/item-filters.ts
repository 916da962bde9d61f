import { StrictInteger } from '@docket/platform';
import { ApiPropertyOptional } from '@nestjs/swagger';
import {
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  isUUID,
  Length,
  Matches,
  Min,
  registerDecorator,
  ValidationArguments,
} from 'class-validator';

import { TimeBound } from '../common/time-bound';
import { ITEM_STATUSES, ItemStatus } from './records';

export const ITEM_SORT_FIELDS = [
  'createdAt',
  'updatedAt',
  'displayId',
  'displayName',
  'status',
] as const;
export type ItemSortField = (typeof ITEM_SORT_FIELDS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export const ITEMS_PAGE_SIZE_DEFAULT = 20;
export const ITEMS_PAGE_SIZE_MAX = 100;
/** The service-wide page size, which the specification makes the fields default. */
export const FIELDS_PAGE_SIZE_DEFAULT = ITEMS_PAGE_SIZE_DEFAULT;
export const FIELDS_PAGE_SIZE_MAX = 100;
/** With 100 per page the 10,000th field is the last one reachable (specification). */
export const FIELDS_PAGE_MAX = 100;

/** The searchText prefixes of the specification, each standing for one filter parameter. */
export const SEARCH_PREFIXES = [
  'flow',
  'flow-id',
  'summary',
  'insight',
  'field-value',
  'id',
  'display-id',
  'name',
  'reviewer',
  'date',
] as const;

const MM_DD_YYYY = /^(0[1-9]|1[0-2])\/(0[1-9]|[12]\d|3[01])\/\d{4}$/;

/**
 * projectId / workspaceId: a UUID, and exactly one of the two. One constraint does both so that
 * "neither" is reported once (on projectId) and not drowned in "must be a UUID" noise.
 */
function ScopeParameter(other: 'projectId' | 'workspaceId'): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'scopeParameter',
      target: target.constructor,
      propertyName: String(propertyName),
      options: {
        message: (args: ValidationArguments) =>
          scopeProblem(args.value, (args.object as Record<string, unknown>)[other], other) ??
          'invalid scope',
      },
      validator: {
        validate(value: unknown, args: ValidationArguments) {
          const otherValue = (args.object as Record<string, unknown>)[other];
          return scopeProblem(value, otherValue, other) === undefined;
        },
      },
    });
}

function scopeProblem(value: unknown, otherValue: unknown, other: string): string | undefined {
  const both = 'give exactly one of projectId or workspaceId, not both';
  if (value === undefined) {
    // Only projectId reports "neither", so the message appears once.
    return other === 'workspaceId' && otherValue === undefined
      ? 'exactly one of projectId or workspaceId is required'
      : undefined;
  }
  if (typeof value !== 'string' || !isUUID(value, '4')) return `must be a UUID`;
  return otherValue !== undefined && other === 'workspaceId' ? both : undefined;
}

/** Scope and every filter of GET /items; shared by the list and the status counts. */
export class ItemFiltersQuery {
  @ApiPropertyOptional({ format: 'uuid', description: 'Project to list; or give workspaceId' })
  @ScopeParameter('workspaceId')
  projectId?: string;

  @ApiPropertyOptional({
    format: 'uuid',
    description: 'Workspace to list: every project of it that you may see',
  })
  @ScopeParameter('projectId')
  workspaceId?: string;

  @ApiPropertyOptional({ enum: ITEM_STATUSES, description: 'One status; omitted = all' })
  @IsOptional()
  @IsIn(ITEM_STATUSES)
  status?: ItemStatus;

  @ApiPropertyOptional({ format: 'uuid', description: 'The user currently assigned' })
  @IsOptional()
  @IsUUID('4')
  assignedTo?: string;

  @ApiPropertyOptional({
    description:
      'Full text over display names, summaries and extracted field values. May contain the ' +
      'prefixes flow:, flow-id:, summary:, insight:, field-value:, id:, display-id:, name:, ' +
      'reviewer:, date: (value up to the next space, or "quoted"), combined with free words.',
    example: 'flow:invoice reviewer:none "late payment"',
  })
  @IsOptional()
  @IsString()
  @Length(1, 500)
  searchText?: string;

  @TimeBound('createdAt >= this')
  createdAfter?: string;

  @TimeBound('createdAt < this')
  createdBefore?: string;

  @TimeBound('updatedAt >= this')
  updatedAfter?: string;

  @TimeBound('updatedAt < this')
  updatedBefore?: string;

  @ApiPropertyOptional({ description: 'Fuzzy match on flow name (typos tolerated)' })
  @IsOptional()
  @IsString()
  @Length(1, 300)
  flowName?: string;

  @ApiPropertyOptional({ description: 'Exact flow id' })
  @IsOptional()
  @IsString()
  @Length(1, 200)
  flowId?: string;

  @ApiPropertyOptional({ description: 'Fuzzy match on the agent summary' })
  @IsOptional()
  @IsString()
  @Length(1, 300)
  summary?: string;

  @ApiPropertyOptional({ description: 'Fuzzy match on the insight' })
  @IsOptional()
  @IsString()
  @Length(1, 300)
  insight?: string;

  @ApiPropertyOptional({ description: 'Fuzzy match on any extracted field value' })
  @IsOptional()
  @IsString()
  @Length(1, 300)
  fieldValue?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'Exact item id' })
  @IsOptional()
  @IsUUID('4')
  itemId?: string;

  @ApiPropertyOptional({ type: 'integer', description: 'Exact displayId' })
  @IsOptional()
  @StrictInteger()
  @IsInt()
  @Min(1)
  displayId?: number;

  @ApiPropertyOptional({ description: 'Fuzzy match on the display name' })
  @IsOptional()
  @IsString()
  @Length(1, 300)
  displayNameFilter?: string;

  @ApiPropertyOptional({
    description: 'Fuzzy match on the reviewer name; the value none means unassigned',
  })
  @IsOptional()
  @IsString()
  @Length(1, 300)
  reviewer?: string;

  @ApiPropertyOptional({
    description: 'Items created on this UTC day, MM/DD/YYYY',
    example: '03/14/2025',
  })
  @IsOptional()
  @Matches(MM_DD_YYYY, { message: 'createdDate must be a date in the form MM/DD/YYYY' })
  createdDate?: string;
}
