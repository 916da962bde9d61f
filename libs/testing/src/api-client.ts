import { TEST_GATEWAY_URL } from './stack';

export interface ApiResponse<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  baseUrl?: string;
}

/** A thin HTTP client for end-to-end tests: exactly what an integrator sends over the wire. */
export async function apiRequest<T = Record<string, unknown>>(
  method: string,
  url: string,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  }
  const response = await fetch(`${options.baseUrl ?? TEST_GATEWAY_URL}${url}`, {
    method,
    headers,
    body,
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    // Non-JSON bodies (HTML docs) are returned as text.
  }
  return { status: response.status, headers: response.headers, body: parsed as T };
}

export async function exchangeToken(apiKey: string, baseUrl?: string): Promise<string> {
  const response = await apiRequest<{ accessToken: string }>('POST', '/token/authenticate', {
    body: { apiKey },
    baseUrl,
  });
  if (response.status !== 200)
    throw new Error(`token exchange failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.accessToken;
}

/** Polls until `check` returns a value (not undefined), or fails with the last observation. */
export async function eventually<T>(
  check: () => Promise<T | undefined>,
  timeoutMs = 30_000,
  intervalMs = 250,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
