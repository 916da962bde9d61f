import { MigrationInterface, QueryRunner } from 'typeorm';

export class FilesInitial1763800000000 implements MigrationInterface {
  name = 'FilesInitial1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE files.files (
      id uuid PRIMARY KEY,
      organization_id uuid NOT NULL,
      workspace_id uuid NOT NULL,
      item_id uuid,
      parent_file_id uuid REFERENCES files.files(id),
      category text CHECK (char_length(category) BETWEEN 1 AND 64),
      filename text NOT NULL,
      mime_type text NOT NULL,
      kind text CHECK (kind IN ('pdf', 'png', 'jpeg', 'tiff', 'eml', 'zip')),
      blob_path text NOT NULL,
      status text NOT NULL CHECK (status IN
        ('READY_TO_UPLOAD', 'UNSUPPORTED', 'UPLOADED', 'PROCESSING', 'READY', 'FAILED')),
      failure_code text,
      failure_reason text,
      size_bytes bigint,
      page_count int,
      depth int NOT NULL DEFAULT 0,
      attempts int NOT NULL DEFAULT 0,
      not_before timestamptz,
      upload_expires_at timestamptz,
      last_checked_at timestamptz,
      uploaded_at timestamptz,
      processing_started_at timestamptz,
      processed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (organization_id, blob_path),
      CHECK ((status = 'FAILED') = (failure_reason IS NOT NULL)))`);
    // The reconciler's work list: uploads whose content has not been seen yet.
    await q.query(`CREATE INDEX files_awaiting_upload ON files.files (last_checked_at NULLS FIRST)
      WHERE uploaded_at IS NULL AND status IN ('READY_TO_UPLOAD', 'UNSUPPORTED')`);
    // The processing queue, and the lease check for PROCESSING rows of crashed replicas.
    await q.query(
      `CREATE INDEX files_uploaded ON files.files (uploaded_at) WHERE status = 'UPLOADED'`,
    );
    await q.query(`CREATE INDEX files_processing ON files.files (processing_started_at)
      WHERE status = 'PROCESSING'`);
    await q.query(`CREATE INDEX files_parent ON files.files (parent_file_id)
      WHERE parent_file_id IS NOT NULL`);

    await q.query(`CREATE TABLE files.documents (
      id uuid PRIMARY KEY,
      file_id uuid NOT NULL REFERENCES files.files(id),
      organization_id uuid NOT NULL,
      first_page int NOT NULL CHECK (first_page >= 1),
      last_page int NOT NULL,
      document_type text,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (last_page >= first_page),
      UNIQUE (file_id, first_page))`);

    await q.query(`CREATE TABLE files.pages (
      file_id uuid NOT NULL REFERENCES files.files(id),
      page_number int NOT NULL CHECK (page_number >= 1),
      organization_id uuid NOT NULL,
      width int NOT NULL,
      height int NOT NULL,
      image_blob_path text NOT NULL,
      text_source text NOT NULL CHECK (text_source IN ('pdf-text', 'ocr')),
      words jsonb NOT NULL,
      PRIMARY KEY (file_id, page_number))`);

    await q.query(`CREATE TABLE files.outbox (
      id uuid PRIMARY KEY,
      subject text NOT NULL,
      msg_id text NOT NULL UNIQUE,
      payload jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      published_at timestamptz)`);
    await q.query(`CREATE INDEX outbox_pending ON files.outbox (created_at)
      WHERE published_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['outbox', 'pages', 'documents', 'files']) {
      await q.query(`DROP TABLE files.${table}`);
    }
  }
}
