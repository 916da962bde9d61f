import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

import { PageBoxRecord } from '../common/page-box';

/*
 * Records shared by the AI preview contracts (flows.ai.*.v1). Boxes are normalised to the page
 * (0..1, origin top-left) in the same {x, y, width, height} shape as an item field's grounding.
 */

/** The API's one box format (see PageBoxRecord), under the name the AI records use. */
export class AiBoxRecord extends PageBoxRecord {}

export class AiGroundingWordRecord {
  @ApiProperty() text!: string;
  @ApiProperty({ type: AiBoxRecord }) box!: AiBoxRecord;
  @ApiProperty({ description: '0..1; OCR confidence, 1 for digital text' }) confidence!: number;
}

export class AiGroundingRecord {
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) documentId!: string | null;
  @ApiProperty({ description: '1-based page of the file' }) page!: number;
  @ApiProperty({ type: AiBoxRecord, description: 'Union of the words used' }) box!: AiBoxRecord;
  @ApiProperty({ type: [AiGroundingWordRecord] }) words!: AiGroundingWordRecord[];
}

export class AiPreviewSource {
  @ApiProperty({ format: 'uuid' }) fileId!: string;
  @ApiPropertyOptional({
    format: 'uuid',
    description: 'Only this document of the file; every document of the file when absent',
  })
  documentId?: string;
}
