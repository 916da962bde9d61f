import type { FileStatus } from '@docket/contracts';
import type { CornerBox } from '@docket/platform';
import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'files' })
export class FileEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column('uuid', { name: 'organization_id' }) organizationId!: string;
  @Column('uuid', { name: 'workspace_id' }) workspaceId!: string;
  @Column('uuid', { name: 'item_id', nullable: true }) itemId!: string | null;
  @Column('uuid', { name: 'parent_file_id', nullable: true }) parentFileId!: string | null;
  @Column('text', { nullable: true }) category!: string | null;
  @Column('text') filename!: string;
  @Column('text', { name: 'mime_type' }) mimeType!: string;
  /** The supported type the extension promises (pdf, png, ...); null for UNSUPPORTED files. */
  @Column('text', { nullable: true }) kind!: string | null;
  @Column('text', { name: 'blob_path' }) blobPath!: string;
  @Column('text') status!: FileStatus;
  @Column('text', { name: 'failure_code', nullable: true }) failureCode!: string | null;
  @Column('text', { name: 'failure_reason', nullable: true }) failureReason!: string | null;
  @Column('bigint', {
    name: 'size_bytes',
    nullable: true,
    transformer: {
      to: (value: number | null) => value,
      from: (value: string | null) => (value === null ? null : Number(value)),
    },
  })
  sizeBytes!: number | null;
  @Column('int', { name: 'page_count', nullable: true }) pageCount!: number | null;
  /** Containers around this file: 0 for an upload, 1 for a file unpacked from it, ... */
  @Column('int') depth!: number;
  @Column('int') attempts!: number;
  /** A retry after a transient failure waits until then. */
  @Column('timestamptz', { name: 'not_before', nullable: true }) notBefore!: Date | null;
  @Column('timestamptz', { name: 'upload_expires_at', nullable: true })
  uploadExpiresAt!: Date | null;
  @Column('timestamptz', { name: 'last_checked_at', nullable: true })
  lastCheckedAt!: Date | null;
  @Column('timestamptz', { name: 'uploaded_at', nullable: true }) uploadedAt!: Date | null;
  @Column('timestamptz', { name: 'processing_started_at', nullable: true })
  processingStartedAt!: Date | null;
  /** The replica processing the file renews this; a stale one means the replica died. */
  @Column('timestamptz', { name: 'lease_renewed_at', nullable: true })
  leaseRenewedAt!: Date | null;
  @Column('timestamptz', { name: 'processed_at', nullable: true }) processedAt!: Date | null;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt!: Date;
}

@Entity({ name: 'documents' })
export class DocumentEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column('uuid', { name: 'file_id' }) fileId!: string;
  @Column('uuid', { name: 'organization_id' }) organizationId!: string;
  @Column('int', { name: 'first_page' }) firstPage!: number;
  @Column('int', { name: 'last_page' }) lastPage!: number;
  @Column('text', { name: 'document_type', nullable: true }) documentType!: string | null;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
}

export interface StoredWord {
  text: string;
  box: CornerBox;
  confidence: number;
}

@Entity({ name: 'pages' })
export class PageEntity {
  @PrimaryColumn('uuid', { name: 'file_id' }) fileId!: string;
  @PrimaryColumn('int', { name: 'page_number' }) pageNumber!: number;
  @Column('uuid', { name: 'organization_id' }) organizationId!: string;
  @Column('int') width!: number;
  @Column('int') height!: number;
  @Column('text', { name: 'image_blob_path' }) imageBlobPath!: string;
  @Column('text', { name: 'text_source' }) textSource!: string;
  @Column('jsonb') words!: StoredWord[];
}

@Entity({ name: 'outbox' })
export class OutboxEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column('text') subject!: string;
  @Column('text', { name: 'msg_id' }) msgId!: string;
  @Column('jsonb') payload!: unknown;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
  @Column('timestamptz', { name: 'published_at', nullable: true }) publishedAt!: Date | null;
}

export const FILES_ENTITIES = [FileEntity, DocumentEntity, PageEntity, OutboxEntity];
