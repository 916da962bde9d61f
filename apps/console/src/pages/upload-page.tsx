import { type DragEvent, useState } from 'react';

import { api, errorMessage } from '../api/client';
import { pollWithBackoff } from '../api/poll';
import { useWorkspaces, WorkspacePicker } from '../workspaces';

const TERMINAL = new Set(['READY', 'FAILED', 'UNSUPPORTED']);

interface Upload {
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

  const update = (name: string, change: Partial<Upload>) =>
    setUploads((all) => all.map((u) => (u.name === name ? { ...u, ...change } : u)));

  const send = async (file: File) => {
    setUploads((all) => [{ name: file.name, progress: 0, status: 'requesting' }, ...all]);
    const { data, error } = await api.POST('/files', {
      body: { filename: file.name, workspaceId },
    });
    if (!data) return update(file.name, { status: 'refused', detail: errorMessage(error) });
    try {
      update(file.name, { status: 'uploading' });
      await putWithProgress(data.uploadUrl, file, (progress) => update(file.name, { progress }));
    } catch (failure) {
      return update(file.name, { status: 'upload failed', detail: String(failure) });
    }
    update(file.name, { progress: 1, status: 'UPLOADED' });
    const settled = await pollWithBackoff(async () => {
      const { data: record } = await api.GET('/files/{fileId}', {
        params: { path: { fileId: data.fileId } },
      });
      if (!record) return false;
      update(file.name, {
        status: record.status,
        detail:
          record.failureReason ?? (record.pageCount ? `${record.pageCount} page(s)` : undefined),
      });
      return TERMINAL.has(record.status);
    });
    if (!settled)
      update(file.name, { detail: 'Still processing: find it in the items list later' });
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
          <li key={upload.name}>
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
