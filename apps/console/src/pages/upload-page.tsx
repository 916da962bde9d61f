import { type DragEvent, useState } from 'react';

import { api, errorMessage } from '../api/client';
import { pollWithBackoff } from '../api/poll';
import { useWorkspaces, WorkspacePicker } from '../workspaces';

const TERMINAL = new Set(['READY', 'FAILED', 'UNSUPPORTED']);

interface Upload {
  /** Two files of one name are two uploads: rows are keyed by this, not by the name. */
  id: string;
  name: string;
  progress: number;
  status: string;
  detail?: string;
}

/** PUT to the signed URL with progress (fetch cannot report upload progress; XHR can). */
function putWithProgress(url: string, file: File, onProgress: (share: number) => void) {
  return new Promise<void>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', url);
    request.setRequestHeader('x-ms-blob-type', 'BlockBlob');
    request.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () =>
      request.status < 300 ? resolve() : reject(new Error(`storage answered ${request.status}`));
    request.onerror = () => reject(new Error('the upload did not reach storage'));
    request.send(file);
  });
}

/**
 * Drop a document to try a flow without a terminal: POST /files, then the PUT to the signed
 * URL with its progress, then the file's processing status until it is READY or FAILED (a live
 * flow with a file trigger starts its run then).
 */
export function UploadPage() {
  const { workspaces, workspaceId, choose } = useWorkspaces();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dragging, setDragging] = useState(false);

  const send = async (file: File) => {
    const id = crypto.randomUUID();
    const update = (change: Partial<Upload>) =>
      setUploads((all) => all.map((u) => (u.id === id ? { ...u, ...change } : u)));
    setUploads((all) => [{ id, name: file.name, progress: 0, status: 'requesting' }, ...all]);
    const { data, error } = await api.POST('/files', {
      body: { filename: file.name, workspaceId },
    });
    if (!data) return update({ status: 'refused', detail: errorMessage(error) });
    try {
      update({ status: 'uploading' });
      await putWithProgress(data.uploadUrl, file, (progress) => update({ progress }));
    } catch (failure) {
      return update({ status: 'upload failed', detail: String(failure) });
    }
    update({ progress: 1, status: 'UPLOADED' });
    const settled = await pollWithBackoff(async () => {
      const { data: record } = await api.GET('/files/{fileId}', {
        params: { path: { fileId: data.fileId } },
      });
      if (!record) return false;
      update({
        status: record.status,
        detail:
          record.failureReason ?? (record.pageCount ? `${record.pageCount} page(s)` : undefined),
      });
      return TERMINAL.has(record.status);
    });
    if (!settled) update({ detail: 'Still processing: find it in the items list later' });
  };

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!workspaceId) return;
    for (const file of event.dataTransfer.files) void send(file);
  };

  return (
    <section aria-labelledby="upload-title">
      <div className="toolbar">
        <h1 id="upload-title">Upload</h1>
        <WorkspacePicker workspaces={workspaces} workspaceId={workspaceId} choose={choose} />
      </div>
      <div
        className={`drop${dragging ? ' dragging' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        <p>Drop PDF, PNG, JPEG, TIFF, e-mail or zip files here, or</p>
        <label className="button">
          Choose files
          <input
            type="file"
            multiple
            disabled={!workspaceId}
            className="visually-hidden"
            aria-label="Choose files to upload"
            onChange={(event) => {
              for (const file of event.target.files ?? []) void send(file);
              event.target.value = '';
            }}
          />
        </label>
      </div>
      <ul className="uploads" aria-label="Uploads">
        {uploads.map((upload) => (
          <li key={upload.id}>
            <span className="name">{upload.name}</span>
            <progress
              max={1}
              value={upload.progress}
              aria-label={`${upload.name} upload progress`}
            />
            <span className={`status status-${upload.status}`} role="status">
              {upload.status}
            </span>
            {upload.detail && <span className="detail">{upload.detail}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
