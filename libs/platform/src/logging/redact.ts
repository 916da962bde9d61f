/**
 * Query parameters that carry credentials: OAuth/OIDC tokens and codes, Azure SAS signatures,
 * API keys. Their values never reach a log line.
 */
const CREDENTIAL_PARAMETERS = new Set([
  'access_token',
  'id_token',
  'refresh_token',
  'token',
  'code',
  'state',
  'sig',
  'signature',
  'apikey',
  'api_key',
  'key',
  'secret',
  'client_secret',
  'password',
]);

/** Headers whose values are credentials. */
const CREDENTIAL_HEADERS = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
  'x-docket-internal-secret',
]);

export const REDACTED = '[REDACTED]';

/** The URL with every credential query parameter's value replaced (names stay, for debugging). */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const redacted = url
    .slice(query + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const rawName = equals < 0 ? pair : pair.slice(0, equals);
      return isCredentialParameter(rawName) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, query)}?${redacted}`;
}

/** A copy of the headers with credential values replaced. */
export function redactHeaders(
  headers: Record<string, string | string[] | undefined>,
): Record<string, string | string[] | undefined> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name,
      CREDENTIAL_HEADERS.has(name.toLowerCase()) && value !== undefined ? REDACTED : value,
    ]),
  );
}

function isCredentialParameter(rawName: string): boolean {
  let name: string;
  try {
    name = decodeURIComponent(rawName.replace(/\+/g, ' '));
  } catch {
    name = rawName;
  }
  return CREDENTIAL_PARAMETERS.has(name.trim().toLowerCase());
}
