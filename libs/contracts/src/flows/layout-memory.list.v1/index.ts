import { type CornerBox, defineContract } from '@docket/platform';
import { IsUUID } from 'class-validator';

/** flows.layout-memory.list.v1 (internal): what reviews taught the project about its layouts. */
export class ListLayoutMemoriesRequest {
  @IsUUID('4')
  projectId!: string;
}

/** The engine's LayoutMemory, as stored (corner boxes, page fractions). */
export interface LayoutMemoryRecord {
  fingerprint: string[];
  fields: Array<{
    key: string;
    pageNumber: number;
    anchorText: string;
    anchorBox: CornerBox;
    offset: CornerBox;
  }>;
  /** What reviewed tables taught: row spacing, and columns with their printed headers. */
  tables?: Array<{
    key: string;
    rowPitch: number;
    rowHeight: number;
    rowCount?: number;
    columns?: ReadonlyArray<{ key: string; header: string; x0: number; x1: number }>;
  }>;
  /** Fields a review confirmed empty on a document of this layout: it may leave them blank. */
  emptyFields?: string[];
  version: number;
}

export interface ListLayoutMemoriesResult {
  memories: LayoutMemoryRecord[];
}

export const ListLayoutMemoriesV1 = defineContract<
  ListLayoutMemoriesRequest,
  ListLayoutMemoriesResult
>('flows.layout-memory.list.v1', ListLayoutMemoriesRequest);
