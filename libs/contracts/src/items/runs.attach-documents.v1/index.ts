import { defineContract } from '@docket/platform';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';

import { ItemRecord } from '../records';
import { RunItemCommand } from '../run-command';

export const MAX_DOCUMENTS_PER_ATTACH = 500;

export class ItemDocumentInput {
  @IsUUID('4')
  documentId!: string;

  @IsOptional()
  @IsUUID('4')
  fileId?: string;

  @IsString()
  @Length(1, 500)
  name!: string;

  @IsOptional()
  @IsString()
  @Length(1, 200)
  mimeType?: string;

  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(100000)
  pageCount?: number;

  @IsOptional()
  @IsString()
  @Length(1, 200)
  classification?: string;
}

export class AttachItemDocumentsRequest extends RunItemCommand {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_DOCUMENTS_PER_ATTACH)
  @ValidateNested({ each: true })
  @Type(() => ItemDocumentInput)
  documents!: ItemDocumentInput[];
}

/** Adds document metadata; a documentId already attached is updated, never duplicated. */
export const AttachItemDocumentsV1 = defineContract<AttachItemDocumentsRequest, ItemRecord>(
  'items.runs.attach-documents.v1',
  AttachItemDocumentsRequest,
);
