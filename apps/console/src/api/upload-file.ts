import { api, errorMessage } from './client';
import { pollWithBackoff } from './poll';

const TERMINAL = new Set(['READY', 'FAILED', 'UNSUPPORTED']);

export interface UploadProgress {
  progress: number;
  status: string;
  detail?: string;
  fileId?: string;
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
 * Uploads a file the way the API asks: POST /files, the PUT to the signed URL with its
 * progress, then the file's processing status until it is READY, FAILED or UNSUPPORTED.
 * Resolves to the file id once processing settled (undefined when refused or given up).
 */
export async function uploadFile(
  file: File,
  workspaceId: string,
  update: (change: Partial<UploadProgress>) => void,
): Promise<{ fileId: string; status: string } | undefined> {
  const { data, error } = await api.POST('/files', {
    body: { filename: file.name, workspaceId },
  });
  if (!data) {
    update({ status: 'refused', detail: errorMessage(error) });
    return undefined;
  }
  try {
    update({ status: 'uploading', fileId: data.fileId });
    await putWithProgress(data.uploadUrl, file, (progress) => update({ progress }));
  } catch (failure) {
    update({ status: 'upload failed', detail: String(failure) });
    return undefined;
  }
  update({ progress: 1, status: 'UPLOADED' });
  let status = 'UPLOADED';
  const settled = await pollWithBackoff(async () => {
    const { data: record } = await api.GET('/files/{fileId}', {
      params: { path: { fileId: data.fileId } },
    });
    if (!record) return false;
    status = record.status;
    update({
      status: record.status,
      detail:
        record.failureReason ?? (record.pageCount ? `${record.pageCount} page(s)` : undefined),
    });
    return TERMINAL.has(record.status);
  });
  if (!settled) {
    update({ detail: 'Still processing: find it in the items list later' });
    return undefined;
  }
  return { fileId: data.fileId, status };
}
