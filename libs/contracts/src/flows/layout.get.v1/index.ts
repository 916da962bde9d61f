import { defineContract } from '@docket/platform';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsUUID, Max, Min } from 'class-validator';

import { AiBoxRecord } from '../ai.records';

/** Layout analysis costs more per page than reading words: a smaller page of results. */
export const FILE_LAYOUT_PAGING = { defaultLimit: 5, maxLimit: 20, maxPage: 10_000 } as const;

/** GET /files/{fileId}/layout: the schema-free layout of a file's pages, paged by page. */
export class GetFileLayoutRequest {
  @IsUUID('4')
  fileId!: string;

  @IsOptional()
  @IsUUID('4')
  documentId?: string;

  @IsInt()
  @Min(1)
  @Max(FILE_LAYOUT_PAGING.maxPage)
  page!: number;

  @IsInt()
  @Min(1)
  @Max(FILE_LAYOUT_PAGING.maxLimit)
  limit!: number;
}

export class LayoutTextRecord {
  @ApiProperty() text!: string;
  @ApiProperty({ type: AiBoxRecord }) box!: AiBoxRecord;
}

export class LayoutPairRecord {
  @ApiProperty({ type: LayoutTextRecord, description: 'The caption (question)' })
  key!: LayoutTextRecord;
  @ApiProperty({
    type: LayoutTextRecord,
    nullable: true,
    description: 'The answer; null for an empty answer space. Tick boxes: "checked"/"unchecked"',
  })
  value!: LayoutTextRecord | null;
  @ApiProperty({
    enum: ['colon', 'right', 'below', 'checkbox'],
    description: 'How the answer sits relative to its caption; a dotted leader counts as colon',
  })
  arrangement!: string;
  @ApiProperty({ description: '0..1: how sure the analysis is that the two belong together' })
  confidence!: number;
}

export class LayoutCellRecord extends LayoutTextRecord {
  @ApiProperty({ description: '0-based; header rows first' }) rowIndex!: number;
  @ApiProperty({ description: '0-based' }) columnIndex!: number;
  @ApiProperty() rowSpan!: number;
  @ApiProperty() columnSpan!: number;
  @ApiProperty() isHeader!: boolean;
}

export class LayoutTableRecord {
  @ApiProperty({ type: AiBoxRecord }) box!: AiBoxRecord;
  @ApiProperty({ description: 'Rows including the header row' }) rows!: number;
  @ApiProperty() columns!: number;
  @ApiProperty({ type: [LayoutCellRecord], description: 'Empty cells are left out' })
  cells!: LayoutCellRecord[];
}

export class PageLayoutRecord {
  @ApiProperty({ description: '1-based page of the file' }) pageNumber!: number;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) documentId!: string | null;
  @ApiProperty({ description: 'Pixels of the rendered page image' }) width!: number;
  @ApiProperty({ description: 'Pixels of the rendered page image' }) height!: number;
  @ApiProperty({ type: [LayoutPairRecord] }) keyValuePairs!: LayoutPairRecord[];
  @ApiProperty({ type: [LayoutTableRecord] }) tables!: LayoutTableRecord[];
  @ApiPropertyOptional({
    type: [LayoutTextRecord],
    description: 'Phrases in reading order (columns of running text one after the other)',
  })
  readingOrder?: LayoutTextRecord[];
}

export class FileLayoutPage {
  data!: PageLayoutRecord[];
  page!: number;
  limit!: number;
  totalCount!: number;
}

export const GetFileLayoutV1 = defineContract<GetFileLayoutRequest, FileLayoutPage>(
  'flows.layout.get.v1',
  GetFileLayoutRequest,
);
