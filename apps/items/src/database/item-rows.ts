import {
  ItemDocumentRecord,
  ItemFieldRecord,
  ItemLockRecord,
  ItemRecord,
  ItemReviewRecord,
  ItemStatus,
  ItemSummaryRecord,
  ItemUserRef,
  JsonValue,
} from '@docket/contracts';

/** Rows as PostgreSQL returns them, and the one place they become API records. */

export const ITEM_COLUMNS = `i.id, i.organization_id, i.workspace_id, i.project_id, i.display_id,
  i.display_name, i.summary, i.insight, i.status, i.flow_id, i.flow_name, i.temporal_workflow_id,
  i.assignee_id, i.reviewer_name, i.deferred_until, i.created_at, i.updated_at`;

export interface ItemRow {
  id: string;
  organization_id: string;
  workspace_id: string;
  project_id: string;
  display_id: string | number;
  display_name: string;
  summary: string;
  insight: string;
  status: ItemStatus;
  flow_id: string;
  flow_name: string;
  temporal_workflow_id: string;
  assignee_id: string | null;
  reviewer_name: string | null;
  deferred_until: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface LockRow {
  item_id: string;
  holder_id: string;
  holder_name: string;
  /** The browser session (tab) holding it; null when the client named none. */
  session_id: string | null;
  acquired_at: Date;
  heartbeat_at: Date;
  expires_at: Date;
}

export const FIELD_COLUMNS = `f.id, f.item_id, f.document_id, f.key, f.type, f.value, f.confidence,
  f.grounding, f.flagged, f.flag_reasons, f.version, f.current_version_id, f.updated_at, f.updated_by,
  f.updated_by_name, f.accepted_by, f.accepted_by_name, f.accepted_at`;

export interface FieldRow {
  id: string;
  item_id: string;
  document_id: string | null;
  key: string;
  type: string;
  value: JsonValue;
  confidence: number | null;
  grounding: ItemFieldRecord['grounding'];
  flagged: boolean;
  flag_reasons: string[];
  version: number;
  current_version_id: string;
  updated_at: Date;
  updated_by: string | null;
  updated_by_name: string | null;
  accepted_by: string | null;
  accepted_by_name: string | null;
  accepted_at: Date | null;
}

/** JSON built by PostgreSQL (json_agg) carries timestamps as text; normalise to ISO UTC. */
function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

export function toItemSummary(row: ItemRow): ItemSummaryRecord {
  return {
    id: row.id,
    displayId: Number(row.display_id),
    displayName: row.display_name,
    summary: row.summary,
    insight: row.insight,
    status: row.status,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    assignee: row.assignee_id,
    reviewerName: row.reviewer_name,
    projectId: row.project_id,
    workspaceId: row.workspace_id,
    flowId: row.flow_id,
    flowName: row.flow_name,
    deferredUntil: row.deferred_until ? iso(row.deferred_until) : null,
  };
}

export interface DocumentJson {
  document_id: string;
  file_id: string | null;
  name: string;
  mime_type: string | null;
  page_count: number | null;
  classification: string | null;
  created_at: string;
}

export interface ReviewJson {
  id: string;
  reviewer_id: string;
  reviewer_name: string;
  submitted_at: string;
  field_versions: Array<{
    id: string;
    key: string;
    document_id: string | null;
    version: number;
  }>;
}

export interface LeanItemRow extends ItemRow {
  review_instructions: string | null;
  documents: DocumentJson[];
  reviews: ReviewJson[];
  lock:
    | (Omit<LockRow, 'acquired_at' | 'heartbeat_at' | 'expires_at'> & {
        acquired_at: string;
        heartbeat_at: string;
        expires_at: string;
      })
    | null;
}

export function toLock(row: {
  holder_id: string;
  holder_name: string;
  acquired_at: Date | string;
  heartbeat_at: Date | string;
  expires_at: Date | string;
}): ItemLockRecord {
  return {
    holder: { userId: row.holder_id, name: row.holder_name },
    acquiredAt: iso(row.acquired_at),
    heartbeatAt: iso(row.heartbeat_at),
    expiresAt: iso(row.expires_at),
  };
}

function toDocument(row: DocumentJson): ItemDocumentRecord {
  return {
    documentId: row.document_id,
    fileId: row.file_id,
    name: row.name,
    mimeType: row.mime_type,
    pageCount: row.page_count,
    classification: row.classification,
    createdAt: iso(row.created_at),
  };
}

function toReview(row: ReviewJson): ItemReviewRecord {
  return {
    reviewId: row.id,
    reviewer: { userId: row.reviewer_id, name: row.reviewer_name },
    submittedAt: iso(row.submitted_at),
    fieldVersions: row.field_versions.map((version) => ({
      fieldVersionId: version.id,
      key: version.key,
      documentId: version.document_id,
      version: version.version,
    })),
  };
}

export function toItemRecord(row: LeanItemRow): ItemRecord {
  return {
    ...toItemSummary(row),
    temporalWorkflowId: row.temporal_workflow_id,
    documents: row.documents.map(toDocument),
    itemReviews: row.reviews.map(toReview),
    lock: row.lock ? toLock(row.lock) : null,
    reviewInstructions: row.review_instructions,
  };
}

/** Who accepted the field's current version as it is, and when; null when nobody did. */
export function acceptanceOf(row: FieldRow): { by: ItemUserRef; at: string } | null {
  if (!row.accepted_by || !row.accepted_at) return null;
  return {
    by: { userId: row.accepted_by, name: row.accepted_by_name ?? '' },
    at: iso(row.accepted_at),
  };
}

export function toFieldRecord(row: FieldRow): ItemFieldRecord {
  const record: ItemFieldRecord = {
    key: row.key,
    type: row.type,
    value: row.value,
    version: row.version,
    confidence: row.confidence,
    grounding: row.grounding,
    flagged: row.flagged,
    flagReasons: row.flag_reasons,
    updatedAt: iso(row.updated_at),
    updatedBy: row.updated_by,
    updatedByName: row.updated_by_name,
    acceptedBy: acceptanceOf(row)?.by ?? null,
    acceptedAt: acceptanceOf(row)?.at ?? null,
  };
  // The specification: documentId is absent (not null) for item-level fields.
  if (row.document_id) record.documentId = row.document_id;
  return record;
}
