import { defineContract } from '@docket/platform';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Matches,
  Max,
  Min,
  NotContains,
} from 'class-validator';

import {
  CATEGORY_MAX_LENGTH,
  FILE_PAGES_PAGING,
  FILE_STATUSES,
  FILENAME_MAX_LENGTH,
  FileStatus,
} from './file-status';

export class CreateFileRequest {
  @ApiProperty({
    example: 'claim-form.pdf',
    maxLength: FILENAME_MAX_LENGTH,
    description:
      'File name with an extension. The extension decides the type: pdf, png, jpg/jpeg, ' +
      'tif/tiff and the containers eml and zip are processed; anything else is accepted only ' +
      'as an attachment of an e-mail or zip file (`parentFileId`) and stored as UNSUPPORTED.',
  })
  @IsString()
  @Length(1, FILENAME_MAX_LENGTH)
  @Matches(/\.[A-Za-z0-9]{1,16}$/, { message: 'filename must end with an extension, e.g. .pdf' })
  @Matches(/^[^\\/\p{Cc}]+$/u, {
    message: 'filename must be a file name, without path separators or control characters',
  })
  @NotContains('..', { message: 'filename must not contain ".."' })
  filename!: string;

  @ApiProperty({
    format: 'uuid',
    description: 'Workspace of your organization the file belongs to',
  })
  @IsUUID('4')
  workspaceId!: string;

  @ApiPropertyOptional({
    maxLength: CATEGORY_MAX_LENGTH,
    example: 'fnol-intake',
    description:
      'A free label (1-64 characters) that flows use to pick files up: it travels unchanged ' +
      'in the files.file.ready.v1 event, and a flow trigger can select files by it. Children ' +
      'unpacked from an e-mail or zip file inherit it.',
  })
  @IsOptional()
  @IsString()
  @Length(1, CATEGORY_MAX_LENGTH)
  category?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'Item of your organization to attach to' })
  @IsOptional()
  @IsUUID('4')
  itemId?: string;

  @ApiPropertyOptional({
    format: 'uuid',
    description: 'Parent file (an e-mail or zip file of your organization): builds hierarchies',
  })
  @IsOptional()
  @IsUUID('4')
  parentFileId?: string;

  @ApiPropertyOptional({
    example: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    description:
      'Ignored for supported types (their MIME type comes from the extension); the stored type ' +
      'of an unsupported attachment (default application/octet-stream).',
  })
  @IsOptional()
  @IsString()
  @Length(3, 255)
  @Matches(/^[A-Za-z0-9][\w.+-]*\/[\w.+-]+(\s*;.*)?$/, { message: 'mimeType must be type/subtype' })
  mimeType?: string;
}

/** The File record of the specification, returned when an upload is requested. */
export class FileUploadTicket {
  @ApiProperty({ format: 'uuid' }) fileId!: string;
  @ApiProperty({
    description:
      'Signed URL `{upload_url}/{organization_id}/{blob_path}?{sas_token}`: PUT the bytes here ' +
      'with `x-ms-blob-type: BlockBlob`. Create/write on this one blob only; valid 15 minutes.',
  })
  uploadUrl!: string;
  @ApiProperty({ description: "Path inside your organization's storage container" })
  blobPath!: string;
  @ApiProperty({ format: 'date-time', description: 'Expiry of uploadUrl' }) expiresAt!: string;
  @ApiProperty() mimeType!: string;
  @ApiProperty({ enum: ['READY_TO_UPLOAD', 'UNSUPPORTED'] }) status!: FileStatus;
}

export class GetFileRequest {
  @IsUUID('4')
  fileId!: string;
}

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

export class GetPageWordsRequest {
  @IsUUID('4')
  fileId!: string;

  @IsInt()
  @Min(1)
  pageNumber!: number;
}

export class WordBoxRecord {
  @ApiProperty() x0!: number;
  @ApiProperty() y0!: number;
  @ApiProperty() x1!: number;
  @ApiProperty() y1!: number;
}

export class PageWordRecord {
  @ApiProperty() text!: string;
  @ApiProperty({
    type: WordBoxRecord,
    description: 'Normalised to the page: 0..1, origin top-left',
  })
  box!: WordBoxRecord;
  @ApiProperty({ description: '0..1; 1 for words from the PDF text' }) confidence!: number;
}

export class PageWordsRecord {
  @ApiProperty({ format: 'uuid' }) fileId!: string;
  @ApiProperty() pageNumber!: number;
  @ApiProperty({ format: 'uuid' }) documentId!: string;
  @ApiProperty({ description: 'Pixels of the rendered page image' }) width!: number;
  @ApiProperty({ description: 'Pixels of the rendered page image' }) height!: number;
  @ApiProperty({ enum: ['pdf-text', 'ocr'] }) source!: string;
  @ApiProperty({ type: [PageWordRecord] }) words!: PageWordRecord[];
}

export const CreateFileV1 = defineContract<CreateFileRequest, FileUploadTicket>(
  'files.file.create.v1',
  CreateFileRequest,
);
export const GetFileV1 = defineContract<GetFileRequest, FileRecord>(
  'files.file.get.v1',
  GetFileRequest,
);
export const ListFilePagesV1 = defineContract<ListFilePagesRequest, FilePagesPage>(
  'files.pages.list.v1',
  ListFilePagesRequest,
);
export const GetPageWordsV1 = defineContract<GetPageWordsRequest, PageWordsRecord>(
  'files.words.get.v1',
  GetPageWordsRequest,
);
