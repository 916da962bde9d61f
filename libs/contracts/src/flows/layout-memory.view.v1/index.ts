import { defineContract } from '@docket/platform';
import { ApiProperty } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';

import { PageBoxRecord } from '../../common/page-box';

/** The project's layout memories as an Admin sees and resets them (gateway routes). */
export class ManageLayoutMemoriesRequest {
  @IsUUID('4')
  projectId!: string;
}

export class LayoutMemoryFieldRecord {
  @ApiProperty({ example: 'policy_number' }) key!: string;
  @ApiProperty({ minimum: 1 }) page!: number;
  @ApiProperty({ description: 'The caption the value is read against', example: 'Reference' })
  anchorText!: string;
  @ApiProperty({ type: PageBoxRecord, description: 'Where the caption was on the taught page' })
  anchorBox!: PageBoxRecord;
}

export class LayoutMemorySummaryRecord {
  @ApiProperty({ format: 'uuid' }) layoutMemoryId!: string;
  @ApiProperty({ description: 'Counts the reviews and feedback this layout learned from' })
  version!: number;
  @ApiProperty({ format: 'date-time', description: 'When it last learned' }) updatedAt!: string;
  @ApiProperty({ type: [LayoutMemoryFieldRecord] }) fields!: LayoutMemoryFieldRecord[];
}

export class LayoutMemoriesResult {
  @ApiProperty({ type: [LayoutMemorySummaryRecord], description: 'Most recently taught first' })
  data!: LayoutMemorySummaryRecord[];
}

/** flows.layout-memory.view.v1: what the project remembers, per layout. */
export const ViewLayoutMemoriesV1 = defineContract<
  ManageLayoutMemoriesRequest,
  LayoutMemoriesResult
>('flows.layout-memory.view.v1', ManageLayoutMemoriesRequest);
