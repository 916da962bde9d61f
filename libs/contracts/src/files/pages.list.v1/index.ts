import { defineContract } from '@docket/platform';
import { ApiProperty } from '@nestjs/swagger';
import { IsInt, IsOptional, IsUUID, Max, Min } from 'class-validator';

import { FILE_PAGES_PAGING } from '../file-status';

export class ListFilePagesRequest {
  @IsUUID('4')
  fileId!: string;

  @IsOptional()
  @IsUUID('4')
  documentId?: string;

  @IsInt()
  @Min(1)
  @Max(FILE_PAGES_PAGING.maxPage)
  page!: number;

  @IsInt()
  @Min(1)
  @Max(FILE_PAGES_PAGING.maxLimit)
  limit!: number;
}

export class FilePageRecord {
  @ApiProperty({ description: '1-based' }) pageNumber!: number;
  @ApiProperty({ format: 'uuid' }) documentId!: string;
  @ApiProperty({ description: 'Pixels of the rendered image' }) width!: number;
  @ApiProperty({ description: 'Pixels of the rendered image' }) height!: number;
  @ApiProperty({ description: 'Read-only signed URL of the PNG page image' }) imageUrl!: string;
  @ApiProperty({ format: 'date-time' }) imageUrlExpiresAt!: string;
  @ApiProperty({ enum: ['pdf-text', 'ocr'], description: 'Where the text layer came from' })
  textSource!: string;
}

export class FilePagesPage {
  data!: FilePageRecord[];
  page!: number;
  limit!: number;
  totalCount!: number;
}

export const ListFilePagesV1 = defineContract<ListFilePagesRequest, FilePagesPage>(
  'files.pages.list.v1',
  ListFilePagesRequest,
);
