import { defineEvent } from '@docket/platform';
import {
  ArrayMaxSize,
  IsArray,
  IsInt,
  IsISO8601,
  IsOptional,
  IsString,
  IsUUID,
  Min,
} from 'class-validator';

/**
 * Published once per file when it becomes READY (JetStream, through the files outbox; msgId
 * `file-ready:<fileId>`), so flows can start on it. Children unpacked from an e-mail or zip file
 * get their own event, with `parentFileId` set.
 */
export class FileReadyEvent {
  @IsUUID('4') fileId!: string;
  @IsString() organizationId!: string;
  @IsUUID('4') workspaceId!: string;
  /** The label given at upload (POST /files `category`); null when none. */
  @IsOptional() @IsString() category!: string | null;
  @IsOptional() @IsUUID('4') itemId!: string | null;
  @IsOptional() @IsUUID('4') parentFileId!: string | null;
  @IsString() filename!: string;
  @IsString() mimeType!: string;
  /** 0 for e-mail and zip files (their content is in their children). */
  @IsInt() @Min(0) pageCount!: number;
  /** The default document spanning all pages (empty for containers). */
  @IsArray() @ArrayMaxSize(1) @IsUUID('4', { each: true }) documentIds!: string[];
  @IsISO8601() readyAt!: string;
}

export const FileReadyEventV1 = defineEvent('files.file.ready.v1', FileReadyEvent);
