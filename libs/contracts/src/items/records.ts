import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';

import { PageBoxRecord } from '../common/page-box';
import type { JsonValue } from './review-signal';

/** How the OpenAPI document shows a field value: a scalar, an object, or rows of a table. */
export const FIELD_VALUE_SCHEMA = {
  oneOf: [
    { type: 'string' },
    { type: 'number' },
    { type: 'boolean' },
    { type: 'object' },
    { type: 'array', items: { type: 'object' } },
  ],
  nullable: true,
};

/** Work-item status (DESIGN.md §4). Transitions live in one state machine in the items service. */
export const ITEM_STATUSES = [
  'QUEUED',
  'IN_PROGRESS',
  'REVIEW',
  'DEFERRED',
  'COMPLETE',
  'CLOSED',
  'FAILED',
  'CANCELED',
] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

/** Statuses a run (the worker) may move its item to; review outcomes are the reviewers'. */
export const RUN_ITEM_STATUSES = [
  'IN_PROGRESS',
  'REVIEW',
  'COMPLETE',
  'FAILED',
  'CANCELED',
] as const satisfies readonly ItemStatus[];
export type RunItemStatus = (typeof RUN_ITEM_STATUSES)[number];

export class ItemUserRef {
  @ApiProperty({ format: 'uuid' }) userId!: string;
  @ApiProperty() name!: string;
}

/** Metadata of one document of an item: never its content, never its fields. */
export class ItemDocumentRecord {
  @ApiProperty({ format: 'uuid' }) documentId!: string;
  @ApiPropertyOptional({ format: 'uuid', nullable: true, type: String }) fileId!: string | null;
  @ApiProperty() name!: string;
  @ApiPropertyOptional({ nullable: true, type: String }) mimeType!: string | null;
  @ApiPropertyOptional({ nullable: true, type: Number }) pageCount!: number | null;
  @ApiPropertyOptional({
    nullable: true,
    type: String,
    description: 'Document type assigned by classification',
  })
  classification!: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

/** A reference to one stored field version; the value itself is not repeated here. */
export class FieldVersionReference {
  @ApiProperty({ format: 'uuid' }) fieldVersionId!: string;
  @ApiProperty() key!: string;
  @ApiPropertyOptional({ format: 'uuid', nullable: true, type: String }) documentId!: string | null;
  @ApiProperty() version!: number;
}

export class ItemReviewRecord {
  @ApiProperty({ format: 'uuid' }) reviewId!: string;
  @ApiProperty({ type: ItemUserRef }) reviewer!: ItemUserRef;
  @ApiProperty({ format: 'date-time' }) submittedAt!: string;
  @ApiProperty({
    type: [FieldVersionReference],
    description: 'Field versions this review produced (references only)',
  })
  fieldVersions!: FieldVersionReference[];
}

export class ItemLockRecord {
  @ApiProperty({ type: ItemUserRef }) holder!: ItemUserRef;
  @ApiProperty({ format: 'date-time' }) acquiredAt!: string;
  @ApiProperty({ format: 'date-time' }) heartbeatAt!: string;
  @ApiProperty({
    format: 'date-time',
    description: 'Without a heartbeat the lock lapses at this time and may be taken over',
  })
  expiresAt!: string;
}

/** What GET /items lists: the searchable facts of an item, no documents, reviews or fields. */
export class ItemSummaryRecord {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ description: 'Numeric human-facing id, a sequence per organization' })
  displayId!: number;
  @ApiProperty() displayName!: string;
  @ApiProperty({ description: 'Agent summary (empty until the run writes one)' }) summary!: string;
  @ApiProperty({ description: 'Agent insight (empty until the run writes one)' }) insight!: string;
  @ApiProperty({ enum: ITEM_STATUSES }) status!: ItemStatus;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
  @ApiPropertyOptional({ format: 'uuid', nullable: true, type: String }) assignee!: string | null;
  @ApiPropertyOptional({ nullable: true, type: String }) reviewerName!: string | null;
  @ApiProperty({ format: 'uuid' }) projectId!: string;
  @ApiProperty({ format: 'uuid' }) workspaceId!: string;
  @ApiProperty() flowId!: string;
  @ApiProperty() flowName!: string;
  @ApiPropertyOptional({ format: 'date-time', nullable: true, type: String })
  deferredUntil!: string | null;
}

/** The lean single-item payload: no fields[]; documents and reviews as metadata/references. */
export class ItemRecord extends ItemSummaryRecord {
  @ApiProperty({ description: 'Workflow id of the run that created the item (its executionId)' })
  temporalWorkflowId!: string;
  @ApiProperty({ type: [ItemDocumentRecord] }) documents!: ItemDocumentRecord[];
  @ApiProperty({ type: [ItemReviewRecord] }) itemReviews!: ItemReviewRecord[];
  @ApiPropertyOptional({ type: ItemLockRecord, nullable: true }) lock!: ItemLockRecord | null;
  @ApiPropertyOptional({
    nullable: true,
    type: String,
    description: 'What the flow’s review step tells the reviewer',
  })
  reviewInstructions!: string | null;
}

export class FieldGroundingRecord {
  @ApiProperty({ format: 'uuid' }) documentId!: string;
  @ApiProperty({ minimum: 1 }) page!: number;
  @ApiProperty({ type: PageBoxRecord, description: 'Where on the page, in page fractions' })
  box!: PageBoxRecord;
  @ApiPropertyOptional({
    description: 'True when the reviewer gave this place with their edit (where the new value is)',
  })
  placedByReviewer?: boolean;
}

/** The current version of one field; its history stays in storage. */
export class ItemFieldRecord {
  @ApiProperty() key!: string;
  @ApiProperty({ description: 'Declared type of the field' }) type!: string;
  @ApiProperty({
    description: 'A scalar, an object, or an array of row objects (table)',
    ...FIELD_VALUE_SCHEMA,
  })
  value!: JsonValue;
  @ApiPropertyOptional({
    format: 'uuid',
    description: 'Absent for a field extracted for the item as a whole',
  })
  documentId?: string;
  @ApiProperty({ description: 'Current version; send it back as expectedVersion when editing' })
  version!: number;
  @ApiPropertyOptional({ nullable: true, type: Number, minimum: 0, maximum: 1 })
  confidence!: number | null;
  @ApiProperty({ type: [FieldGroundingRecord] }) grounding!: FieldGroundingRecord[];
  @ApiProperty({ description: 'Flagged for review by the flow validation rules' })
  flagged!: boolean;
  @ApiProperty({ type: [String] }) flagReasons!: string[];
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
  @ApiPropertyOptional({
    format: 'uuid',
    nullable: true,
    type: String,
    description: 'Reviewer who wrote the current version; null when extracted',
  })
  updatedBy!: string | null;
  @ApiPropertyOptional({
    nullable: true,
    type: String,
    description: 'Name of the reviewer who wrote the current version (as named then)',
  })
  updatedByName!: string | null;
  @ApiPropertyOptional({
    type: ItemUserRef,
    nullable: true,
    description: 'Who accepted the current version as it is; any new version clears it',
  })
  acceptedBy!: ItemUserRef | null;
  @ApiPropertyOptional({ format: 'date-time', nullable: true, type: String })
  acceptedAt!: string | null;
}

/** The request of the subjects that name only an item (locks, submit). */
export class ItemRef {
  @IsUUID('4')
  itemId!: string;
}

export class ItemLockResult extends ItemLockRecord {
  @ApiProperty({ format: 'uuid' }) itemId!: string;
  @ApiPropertyOptional({
    type: ItemUserRef,
    nullable: true,
    description: 'Whose lock was taken over (idle or Admin takeover), if any',
  })
  takenOverFrom!: ItemUserRef | null;
}
