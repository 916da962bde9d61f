import { api, type Schemas, useAccessToken, useSessionHooks } from './api/client';

export type SessionUser = Schemas['SessionUser'];

/** Why the console shows the sign-in page to someone who was signed in. */
export type SessionEnd = 'signed-out' | 'expired';

/** Refreshes this long before the access token expires. */
const REFRESH_MARGIN_SECONDS = 60;
/** Tabs of one browser tell each other about sign-outs (same origin only). */
const CHANNEL = 'docket-session';

let timer: ReturnType<typeof setTimeout> | undefined;
const endListeners = new Set<(why: SessionEnd) => void>();
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);

/**
 * Tabs share the refresh cookie, and each refresh replaces it: two tabs refreshing at once
 * would present the same cookie and the second would be refused. A Web Lock makes the browser's
 * tabs refresh one after another, each with the cookie the previous one received.
 */
function oneTabAtATime<T>(work: () => Promise<T>): Promise<T> {
  return typeof navigator !== 'undefined' && navigator.locks
    ? navigator.locks.request('docket-session-refresh', work)
    : work();
}

function ended(why: SessionEnd): void {
  clearTimeout(timer);
  useAccessToken(null);
  for (const listener of endListeners) listener(why);
}

/** Calls `listener` when the session ends in this tab or any other: sign out, or expiry. */
export function onSessionEnd(listener: (why: SessionEnd) => void): () => void {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}

channel?.addEventListener('message', (event: MessageEvent) => {
  if (event.data === 'signed-out') ended('signed-out');
});

/**
 * Trades the httpOnly refresh cookie for an access token (and a new cookie), and keeps doing so
 * before each token expires. Null when there is no session: the person must sign in.
 */
export async function resumeSession(): Promise<SessionUser | null> {
  const { data } = await oneTabAtATime(() => api.POST('/auth/refresh', { body: {} }));
  if (!data) {
    useAccessToken(null);
    return null;
  }
  useAccessToken(data.accessToken);
  clearTimeout(timer);
  const seconds = Math.max(10, data.expiresIn - REFRESH_MARGIN_SECONDS);
  timer = setTimeout(() => {
    void resumeSession().then((user) => user ?? ended('expired'));
  }, seconds * 1000);
  return data.user;
}

// A request refused with 401 refreshes once; if the session is gone, the person signs in again.
useSessionHooks({
  refresh: async () => (await resumeSession()) !== null,
  ended: () => ended('expired'),
});

/** The path (and query) to come back to after signing in, from where the person is now. */
export function currentPlace(): string {
  const { pathname, search } = window.location;
  return /^\/console\/(signed-out|sign-in-problem)\/?$/.test(pathname)
    ? '/console/'
    : `${pathname}${search}`;
}

/**
 * Single sign-on at the organization's identity provider, found by the e-mail's domain.
 * `reauthenticate` makes the provider ask for the password even if someone is signed in there.
 */
export function signIn(
  email: string,
  options: { returnTo?: string; reauthenticate?: boolean } = {},
): void {
  const query = new URLSearchParams({ email, returnTo: options.returnTo ?? currentPlace() });
  if (options.reauthenticate) query.set('reauthenticate', 'true');
  window.location.assign(`/auth/sso/start?${query}`);
}

/**
 * Ends the session here, in every other tab (their tokens stop working at the API too), and at
 * the identity provider, which then returns the browser to /console/signed-out: the next person
 * at this desk is asked for their own password.
 */
export async function signOut(): Promise<void> {
  clearTimeout(timer);
  const { data } = await api.POST('/auth/logout', { body: {} });
  channel?.postMessage('signed-out');
  ended('signed-out');
  if (data?.logoutUrl) window.location.assign(data.logoutUrl);
}
