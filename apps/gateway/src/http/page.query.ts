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

/** Plain decimal digits, no sign, no leading zeros (what StrictInteger reads as a number). */
const DECIMAL_INTEGER = /^(0|[1-9]\d*)$/;

/**
 * The hot path of every list GET: a `PageQuery` read straight from the parsed query string when
 * it is well formed (nothing but `page` and `limit`, each a strict decimal integer within its
 * bounds), without class-transformer and class-validator, which cost a measurable share of a
 * gateway read (docs/benchmarks.md). Anything else returns undefined and takes the full
 * validation, so every refusal (and its message) is class-validator's own; page.query.spec.ts
 * holds both paths to the same answers.
 */
export function readPageQuery(query: unknown): PageQuery | undefined {
  if (typeof query !== 'object' || query === null) return undefined;
  const page = new PageQuery();
  for (const key of Object.keys(query)) {
    const value = (query as Record<string, unknown>)[key];
    if (typeof value !== 'string' || !DECIMAL_INTEGER.test(value)) return undefined;
    const number = Number(value);
    if (!Number.isSafeInteger(number) || number < 1) return undefined;
    if (key === 'page') page.page = number;
    else if (key === 'limit' && number <= 100) page.limit = number;
    else return undefined;
  }
  return page;
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
