import { defineContract } from '@docket/platform';
import { ApiProperty } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';

import { FILE_STATUSES, FileStatus } from '../file-status';
import { FileChildSummary, FileDocumentRecord } from '../records';

export class GetFileRequest {
  @IsUUID('4')
  fileId!: string;
}

export class FileRecord {
  @ApiProperty({ format: 'uuid' }) fileId!: string;
  @ApiProperty({ format: 'uuid' }) workspaceId!: string;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) itemId!: string | null;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) parentFileId!: string | null;
  @ApiProperty({ nullable: true, type: String }) category!: string | null;
  @ApiProperty() filename!: string;
  @ApiProperty() mimeType!: string;
  @ApiProperty({ description: "Path inside your organization's storage container" })
  blobPath!: string;
  @ApiProperty({ nullable: true, type: Number, description: 'Bytes; null until the upload' })
  size!: number | null;
  @ApiProperty({ enum: FILE_STATUSES }) status!: FileStatus;
  @ApiProperty({ nullable: true, type: String, description: 'Machine code when FAILED' })
  failureCode!: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'Why the file FAILED' })
  failureReason!: string | null;
  @ApiProperty({ nullable: true, type: Number, description: 'Pages, once READY' })
  pageCount!: number | null;
  @ApiProperty({ type: [FileChildSummary], description: 'Files unpacked from this one' })
  children!: FileChildSummary[];
  @ApiProperty({ type: [FileDocumentRecord] }) documents!: FileDocumentRecord[];
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) uploadedAt!: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) processedAt!: string | null;
  @ApiProperty({
    nullable: true,
    type: String,
    description:
      'Read-only signed URL of the content (saved under the original file name); null until ' +
      'the content has arrived. Valid for a few minutes (downloadUrlExpiresAt).',
  })
  downloadUrl!: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String })
  downloadUrlExpiresAt!: string | null;
}

export const GetFileV1 = defineContract<GetFileRequest, FileRecord>(
  'files.file.get.v1',
  GetFileRequest,
);
