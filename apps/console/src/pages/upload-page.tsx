import { type DragEvent, useState } from 'react';

import { uploadFile, type UploadProgress } from '../api/upload-file';
import { useWorkspaces, WorkspacePicker } from '../workspaces';

interface Upload extends UploadProgress {
  /** Two files of one name are two uploads: rows are keyed by this, not by the name. */
  id: string;
  name: string;
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
    await uploadFile(file, workspaceId, update);
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
