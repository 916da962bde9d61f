import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsISO8601, IsOptional } from 'class-validator';

/**
 * One end of a time range in a list's filters (`createdAfter`, `occurredBefore`, ...): optional,
 * an ISO 8601 date-time, strictly (a real calendar date), and documented as such.
 */
export function TimeBound(description?: string): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ format: 'date-time', ...(description ? { description } : {}) }),
    IsOptional(),
    IsISO8601({ strict: true }),
  );
}
