import { ApiProperty } from '@nestjs/swagger';

import { FILE_STATUSES, FileStatus } from './file-status';

/* Records shared by several files subjects. */

export class FileChildSummary {
  @ApiProperty({ format: 'uuid' }) fileId!: string;
  @ApiProperty() filename!: string;
  @ApiProperty() mimeType!: string;
  @ApiProperty({ enum: FILE_STATUSES }) status!: FileStatus;
}

export class FileDocumentRecord {
  @ApiProperty({ format: 'uuid' }) documentId!: string;
  @ApiProperty({ description: 'First page, 1-based' }) firstPage!: number;
  @ApiProperty({ description: 'Last page, inclusive' }) lastPage!: number;
  @ApiProperty() pageCount!: number;
  @ApiProperty({ nullable: true, type: String, description: 'Set by classification' })
  documentType!: string | null;
}
