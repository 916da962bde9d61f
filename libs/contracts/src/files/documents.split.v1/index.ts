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
  Min,
  ValidateNested,
} from 'class-validator';

import { FileDocumentRecord } from '../records';

export const MAX_DOCUMENTS_PER_FILE = 1000;

export class DocumentRange {
  /** 1-based, inclusive. */
  @IsInt()
  @Min(1)
  firstPage!: number;

  /** Inclusive; at least firstPage. */
  @IsInt()
  @Min(1)
  lastPage!: number;

  /** The class a classifier gave these pages, e.g. `claim-form`. */
  @IsOptional()
  @IsString()
  @Length(1, 64)
  documentType?: string;
}

/**
 * Splits a READY file into documents by page ranges (flows call it after classification).
 * The ranges must be in page order and cover every page exactly once, so each page belongs to one
 * document. Calling it again with the same ranges and types returns the same documentIds
 * (safe to retry); different ranges replace the previous split.
 */
export class SplitDocumentsRequest {
  @IsUUID('4')
  fileId!: string;

  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_DOCUMENTS_PER_FILE)
  @ValidateNested({ each: true })
  @Type(() => DocumentRange)
  documents!: DocumentRange[];
}

export class SplitDocumentsResponse {
  fileId!: string;
  documents!: FileDocumentRecord[];
}

export const SplitFileDocumentsV1 = defineContract<SplitDocumentsRequest, SplitDocumentsResponse>(
  'files.documents.split.v1',
  SplitDocumentsRequest,
);
