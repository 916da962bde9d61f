import { Enveloped, enveloped } from './envelope';

/** The list envelope of DESIGN.md §3, shared by every list endpoint. */
export type Page<T> = Enveloped<{
  data: T[];
  page: number;
  limit: number;
  totalCount: number;
  totalPages: number;
}>;

export function pageOf<T>(
  data: T[],
  page: number,
  limit: number,
  totalCount: number,
  message = 'OK',
): Page<T> {
  return enveloped(message, {
    data,
    page,
    limit,
    totalCount,
    totalPages: Math.ceil(totalCount / limit),
  });
}
