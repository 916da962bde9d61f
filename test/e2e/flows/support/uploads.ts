import { apiRequest, eventually } from '@docket/testing';

/** POST /files, PUT the bytes to the signed URL, as an integrator does; returns the fileId. */
export async function upload(
  token: string,
  workspaceId: string,
  filename: string,
  bytes: Buffer,
  category?: string,
): Promise<string> {
  const ticket = await apiRequest<{ fileId: string; uploadUrl: string }>('POST', '/files', {
    token,
    body: { filename, workspaceId, ...(category ? { category } : {}) },
  });
  if (ticket.status !== 201) throw new Error(`POST /files: ${JSON.stringify(ticket.body)}`);
  const put = await fetch(ticket.body.uploadUrl, {
    method: 'PUT',
    headers: { 'x-ms-blob-type': 'BlockBlob', 'content-type': 'application/pdf' },
    body: bytes,
  });
  if (put.status !== 201) throw new Error(`PUT upload: ${put.status}`);
  return ticket.body.fileId;
}

export async function waitForFileReady(token: string, fileId: string): Promise<void> {
  await eventually(async () => {
    const file = await apiRequest<{ status: string }>('GET', `/files/${fileId}`, { token });
    if (file.body.status === 'FAILED') throw new Error(`file ${fileId} FAILED`);
    return file.body.status === 'READY' ? true : undefined;
  }, 60_000);
}
