import { apiRequest, ApiResponse } from '@docket/testing';

import type { Body } from './ai-api';

/** An item's fields by key. */
export function byKey(fields: Body[]): Record<string, Body> {
  return Object.fromEntries(fields.map((field) => [field.key as string, field]));
}

/** A reviewer's hold on a waiting item: its fields as read when it was locked. */
export interface ReviewSession {
  readonly fields: Record<string, Body>;
  /** Changes a field at the version read: `body` holds its value (and a grounding, if any). */
  correct(key: string, body: Body): Promise<ApiResponse<Body>>;
  submit(): Promise<ApiResponse<Body>>;
}

/** What a reviewer does first: lock the item and read its fields. */
export async function openReview(
  token: string,
  projectId: string,
  itemId: string,
): Promise<ReviewSession> {
  const locked = await apiRequest('POST', `/items/${itemId}/lock`, { token });
  if (locked.status !== 200) {
    throw new Error(
      `lock of item ${itemId} answered ${locked.status}: ${JSON.stringify(locked.body)}`,
    );
  }
  const listed = await apiRequest<{ data: Body[] }>(
    'GET',
    `/items/${itemId}/fields?projectId=${projectId}&limit=100`,
    { token },
  );
  const fields = byKey(listed.body.data);
  return {
    fields,
    correct: (key, body) =>
      apiRequest<Body>('PATCH', `/items/${itemId}/fields/${key}`, {
        token,
        body: { expectedVersion: fields[key].version, documentId: fields[key].documentId, ...body },
      }),
    submit: () => apiRequest<Body>('POST', `/items/${itemId}/submit`, { token }),
  };
}
