import { defineContract } from '@docket/platform';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsString, Length, ValidateNested } from 'class-validator';

export const MAX_BLOBS_PER_REPORT = 500;

export class CreatedBlob {
  /** Storage container, i.e. the organization id. */
  @IsString()
  @Length(3, 63)
  container!: string;

  @IsString()
  @Length(1, 1024)
  blobPath!: string;
}

/**
 * Internal (no actor): storage reports that blobs were written. The gateway's Event Grid endpoint
 * translates `Microsoft.Storage.BlobCreated` events into this; the files service marks the
 * matching pending files UPLOADED. Unknown blobs are ignored (page images, stale events).
 */
export class ReportBlobsCreatedRequest {
  @IsArray()
  @ArrayMaxSize(MAX_BLOBS_PER_REPORT)
  @ValidateNested({ each: true })
  @Type(() => CreatedBlob)
  blobs!: CreatedBlob[];
}

export class ReportBlobsCreatedResponse {
  /** Files whose upload these blobs complete (already-arrived ones included). */
  matchedFileIds!: string[];
}

export const ReportBlobsCreatedV1 = defineContract<
  ReportBlobsCreatedRequest,
  ReportBlobsCreatedResponse
>('files.blobs.created.v1', ReportBlobsCreatedRequest);
