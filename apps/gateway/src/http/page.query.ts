import { Page, pageOf, StrictInteger } from '@docket/platform';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, Max, Min } from 'class-validator';

/** page/limit for lists that the gateway pages itself (small directory lists). */
export class PageQuery {
  @ApiPropertyOptional({ minimum: 1, default: 1, description: '1-indexed page' })
  @StrictInteger()
  @IsInt()
  @Min(1)
  page = 1;

  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 20 })
  @StrictInteger()
  @IsInt()
  @Min(1)
  @Max(100)
  limit = 20;
}

export function slicePage<T>(all: T[], query: PageQuery, message: string): Page<T> {
  const start = (query.page - 1) * query.limit;
  return pageOf(
    all.slice(start, start + query.limit),
    query.page,
    query.limit,
    all.length,
    message,
  );
}
