import { FILE_PAGES_PAGING } from '@docket/contracts';
import { DocketException, StrictInteger } from '@docket/platform';
import { PipeTransform } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsUUID, Max, Min } from 'class-validator';

export class FilePagesQuery {
  @ApiPropertyOptional({
    minimum: 1,
    maximum: FILE_PAGES_PAGING.maxPage,
    default: 1,
    description: '1-indexed page of results; past the last page the list is empty',
  })
  @StrictInteger()
  @IsInt()
  @Min(1)
  @Max(FILE_PAGES_PAGING.maxPage)
  page = 1;

  @ApiPropertyOptional({
    minimum: 1,
    maximum: FILE_PAGES_PAGING.maxLimit,
    default: FILE_PAGES_PAGING.defaultLimit,
    description: 'Page records per result page',
  })
  @StrictInteger()
  @IsInt()
  @Min(1)
  @Max(FILE_PAGES_PAGING.maxLimit)
  limit: number = FILE_PAGES_PAGING.defaultLimit;

  @ApiPropertyOptional({ format: 'uuid', description: 'Only the pages of this document' })
  @IsOptional()
  @IsUUID('4')
  documentId?: string;
}

const MAX_PAGE_NUMBER = 100_000;

/** A page number in a path: a positive integer written plainly ("1", not "01" or "1e0"). */
export const pageNumberPipe: PipeTransform<string, number> = {
  transform(value: string): number {
    if (!/^[1-9]\d{0,5}$/.test(value) || Number(value) > MAX_PAGE_NUMBER) {
      throw DocketException.invalid(`pageNumber must be an integer from 1 to ${MAX_PAGE_NUMBER}`);
    }
    return Number(value);
  },
};
