import { apiRequest, ApiResponse, eventually } from '@docket/testing';

export interface UploadTicket {
  fileId: string;
  uploadUrl: string;
  blobPath: string;
  expiresAt: string;
  mimeType: string;
  status: string;
  success: boolean;
  message: string;
}

export interface FileRecordBody {
  fileId: string;
  status: string;
  filename: string;
  mimeType: string;
  size: number | null;
  failureCode: string | null;
  failureReason: string | null;
  pageCount: number | null;
  parentFileId: string | null;
  children: { fileId: string; filename: string; mimeType: string; status: string }[];
  documents: { documentId: string; firstPage: number; lastPage: number; pageCount: number }[];
  downloadUrl: string | null;
  success: boolean;
  message: string;
}

export const TERMINAL = ['READY', 'FAILED'];

export async function requestUpload(
  token: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<ApiResponse<UploadTicket>> {
  return apiRequest<UploadTicket>('POST', '/files', { token, body, headers });
}

/** PUT straight to storage, exactly as a client does. */
export async function putBlob(
  uploadUrl: string,
  bytes: Buffer,
  contentType = 'application/octet-stream',
): Promise<Response> {
  return fetch(uploadUrl, {
    method: 'PUT',
    headers: { 'x-ms-blob-type': 'BlockBlob', 'content-type': contentType },
    body: bytes,
  });
}

export async function getFile(token: string, fileId: string): Promise<ApiResponse<FileRecordBody>> {
  return apiRequest<FileRecordBody>('GET', `/files/${fileId}`, { token });
}

/** Polls GET /files/{id} until the status is one of `statuses`. */
export async function waitForStatus(
  token: string,
  fileId: string,
  statuses: string[] = TERMINAL,
  timeoutMs = 60_000,
): Promise<FileRecordBody> {
  return eventually(async () => {
    const response = await getFile(token, fileId);
    if (response.status !== 200) throw new Error(`GET /files/${fileId}: ${response.status}`);
    return statuses.includes(response.body.status) ? response.body : undefined;
  }, timeoutMs);
}

/** POST /files, PUT the bytes, wait for a terminal status. */
export async function uploadFile(
  token: string,
  workspaceId: string,
  filename: string,
  bytes: Buffer,
  extra: Record<string, unknown> = {},
  timeoutMs?: number,
): Promise<FileRecordBody> {
  const ticket = await requestUpload(token, { filename, workspaceId, ...extra });
  if (ticket.status !== 201) throw new Error(`POST /files: ${JSON.stringify(ticket.body)}`);
  const put = await putBlob(ticket.body.uploadUrl, bytes);
  if (put.status !== 201) throw new Error(`PUT: ${put.status} ${await put.text()}`);
  return waitForStatus(token, ticket.body.fileId, TERMINAL, timeoutMs);
}

/** The APIError body of a failed response. */
export function apiErrorOf(response: ApiResponse<unknown>): { code: string; message: string } {
  return response.body as { code: string; message: string };
}
