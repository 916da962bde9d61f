import { defineContract } from '@docket/platform';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, IsUUID, Length, Matches, NotContains } from 'class-validator';

import { CATEGORY_MAX_LENGTH, FILENAME_MAX_LENGTH, FileStatus } from '../file-status';

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

export const CreateFileV1 = defineContract<CreateFileRequest, FileUploadTicket>(
  'files.file.create.v1',
  CreateFileRequest,
);
