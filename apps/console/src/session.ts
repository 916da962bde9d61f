import { api, type Schemas, useAccessToken } from './api/client';

export type SessionUser = Schemas['SessionUser'];

/** Refreshes this long before the access token expires. */
const REFRESH_MARGIN_SECONDS = 60;
let timer: ReturnType<typeof setTimeout> | undefined;

/**
 * Trades the httpOnly refresh cookie for an access token (and a new cookie), and keeps doing so
 * before each token expires. Null when there is no session: the person must sign in.
 */
export async function resumeSession(): Promise<SessionUser | null> {
  const { data } = await api.POST('/auth/refresh', { body: {} });
  if (!data) {
    useAccessToken(null);
    return null;
  }
  useAccessToken(data.accessToken);
  clearTimeout(timer);
  const seconds = Math.max(10, data.expiresIn - REFRESH_MARGIN_SECONDS);
  timer = setTimeout(() => void resumeSession(), seconds * 1000);
  return data.user;
}

/** Single sign-on at the organization's identity provider, found by the e-mail's domain. */
export function signIn(email: string): void {
  const query = new URLSearchParams({ email, returnTo: window.location.pathname });
  window.location.assign(`/auth/sso/start?${query}`);
}

export async function signOut(): Promise<void> {
  clearTimeout(timer);
  await api.POST('/auth/logout', { body: {} });
  useAccessToken(null);
}
