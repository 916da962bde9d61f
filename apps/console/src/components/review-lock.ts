import { useCallback, useEffect, useRef, useState } from 'react';

import { api, errorCode, errorMessage, type Schemas } from '../api/client';

type LockRecord = Schemas['ItemLockRecord'];
type Holder = Schemas['ItemUserRef'];

/** What this tab knows about the item's review lock. */
export type LockView =
  | { kind: 'idle' }
  | { kind: 'mine'; lock: LockRecord }
  /** Someone holds it: another person, or (ownOtherSession) another tab of this person. */
  | { kind: 'held'; holder: Holder; expiresAt: string; ownOtherSession: boolean }
  /** This tab held it and does no more: taken over, taken in another tab, or lapsed. */
  | { kind: 'lost'; holder: Holder | null; ownOtherSession: boolean }
  | { kind: 'refused'; message: string };

/** A long poll answers at once when the lock stops being ours; else after this many seconds. */
const WATCH_SECONDS = 10;

/**
 * The id of this browser tab for review locks: two tabs of one person are two sessions, so
 * leaving one neither releases nor breaks the other's lock. Kept for the tab's life (a reload
 * keeps its lock).
 */
function tabSession(): string {
  const key = 'docket-review-session';
  let id = sessionStorage.getItem(key);
  if (!id) {
    id = crypto.randomUUID();
    sessionStorage.setItem(key, id);
  }
  return id;
}

function releaseOnLeave(itemId: string, session: string): void {
  // A keep-alive request outlives the page, like sendBeacon, and carries the access token.
  void api.DELETE('/items/{id}/lock', {
    params: { path: { id: itemId }, query: { session } },
    keepalive: true,
  });
}

/**
 * The review lock of one item, for this tab: taken on request (`take`), renewed with
 * heartbeats at a third of its lifetime, watched by a long poll so a takeover is seen within a
 * second, and released when the page is left or hidden for good (pagehide).
 */
export function useReviewLock(itemId: string, userId: string) {
  const session = useRef(tabSession()).current;
  const [view, setView] = useState<LockView>({ kind: 'idle' });
  const mine = view.kind === 'mine';
  const held = useRef(false);
  held.current = mine;

  const take = useCallback(
    async (mode: 'normal' | 'replaceOwnSession' | 'takeover' = 'normal') => {
      const path = { path: { id: itemId } };
      const { data, error } =
        mode === 'takeover'
          ? await api.POST('/items/{id}/lock/takeover', { params: path, body: { session } })
          : await api.POST('/items/{id}/lock', {
              params: path,
              body: {
                session,
                ...(mode === 'replaceOwnSession' ? { replaceOwnSession: true } : {}),
              },
            });
      if (data) {
        setView({ kind: 'mine', lock: data });
        return true;
      }
      if (errorCode(error) === 'LOCKED') {
        const details = (error as { details?: Record<string, unknown> }).details ?? {};
        setView({
          kind: 'held',
          holder: details.holder as Holder,
          expiresAt: String(details.expiresAt),
          ownOtherSession: details.otherSessionOfYours === true,
        });
      } else
        setView({
          kind: 'refused',
          message: errorMessage(error, 'The item cannot be reviewed now'),
        });
      return false;
    },
    [itemId, session],
  );

  // Heartbeats: a third of the lock's lifetime, so one lost beat does not lose the lock.
  const lifetime =
    view.kind === 'mine' ? Date.parse(view.lock.expiresAt) - Date.parse(view.lock.heartbeatAt) : 0;
  useEffect(() => {
    if (!mine) return;
    const beat = setInterval(
      () => {
        void api
          .POST('/items/{id}/lock/heartbeat', {
            params: { path: { id: itemId } },
            body: { session },
          })
          .then(({ error }) => {
            // Only a refusal of the lock loses it; a failed request is tried again next beat.
            if (errorCode(error) === 'LOCKED') {
              const details = (error as { details?: Record<string, unknown> }).details ?? {};
              setView({
                kind: 'lost',
                holder: (details.holder as Holder | null) ?? null,
                ownOtherSession: details.otherSessionOfYours === true,
              });
            }
          });
      },
      Math.max(1000, Math.min(60_000, lifetime / 3)),
    );
    return () => clearInterval(beat);
  }, [mine, lifetime, itemId, session]);

  // The watch: answers as soon as the lock stops being this tab's.
  useEffect(() => {
    if (!mine) return;
    let stopped = false;
    const controller = new AbortController();
    void (async () => {
      while (!stopped) {
        const { data } = await api
          .GET('/items/{id}/lock', {
            params: { path: { id: itemId }, query: { session, waitSeconds: WATCH_SECONDS } },
            signal: controller.signal,
          })
          .catch(() => ({ data: undefined }));
        if (stopped) return;
        if (!data) {
          // A failed watch (network, rate limit) waits a little instead of spinning.
          await new Promise((resolve) => setTimeout(resolve, 2000));
          continue;
        }
        if (!data.yours) {
          const holder = data.lock?.holder ?? null;
          setView({ kind: 'lost', holder, ownOtherSession: holder?.userId === userId });
          return;
        }
      }
    })();
    return () => {
      stopped = true;
      controller.abort();
    };
  }, [mine, itemId, session, userId]);

  // Leaving: the page closes or navigates away (pagehide), or the SPA leaves the item.
  useEffect(() => {
    if (!mine) return;
    const leave = () => releaseOnLeave(itemId, session);
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
    };
  }, [mine, itemId, session]);
  useEffect(
    () => () => {
      if (held.current) releaseOnLeave(itemId, session);
    },
    [itemId, session],
  );

  /** After submit, defer or close the server released the lock: nothing to release or watch. */
  const forget = useCallback(() => setView({ kind: 'idle' }), []);

  return { view, take, forget, session };
}
