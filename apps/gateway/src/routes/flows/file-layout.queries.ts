import { FILE_LAYOUT_PAGING } from '@docket/contracts';
import { StrictInteger } from '@docket/platform';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsUUID, Max, Min } from 'class-validator';

export class FileLayoutQuery {
  @ApiPropertyOptional({
    minimum: 1,
    maximum: FILE_LAYOUT_PAGING.maxPage,
    default: 1,
    description: '1-indexed page of results; past the last page the list is empty',
  })
  @StrictInteger()
  @IsInt()
  @Min(1)
  @Max(FILE_LAYOUT_PAGING.maxPage)
  page = 1;

  @ApiPropertyOptional({
    minimum: 1,
    maximum: FILE_LAYOUT_PAGING.maxLimit,
    default: FILE_LAYOUT_PAGING.defaultLimit,
    description: 'File pages per result page',
  })
  @StrictInteger()
  @IsInt()
  @Min(1)
  @Max(FILE_LAYOUT_PAGING.maxLimit)
  limit: number = FILE_LAYOUT_PAGING.defaultLimit;

  @ApiPropertyOptional({ format: 'uuid', description: 'Only the pages of this document' })
  @IsOptional()
  @IsUUID('4')
  documentId?: string;
}
