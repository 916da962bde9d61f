import { useEffect, useState } from 'react';

/** The console's routes live under /console/; the gateway answers index.html for all of them. */
export const BASE = '/console';

export type Route =
  | { name: 'items' }
  | { name: 'item'; itemId: string; projectId: string }
  | { name: 'upload' }
  /** Workspaces, their AI Agents (projects) and each agent's flows. */
  | { name: 'agents' }
  | { name: 'flow'; flowId: string }
  | { name: 'runs' }
  | { name: 'run'; executionId: string }
  | { name: 'variables' }
  /** Admin screens (admin/): people, API keys, sign-in settings, the audit trail. */
  | { name: 'people' }
  | { name: 'api-keys' }
  | { name: 'sign-in-settings' }
  | { name: 'audit' }
  /** Where the identity provider returns the browser after signing out. */
  | { name: 'signed-out' }
  /** Where the gateway sends a browser whose sign-in could not go on (reason in the query). */
  | { name: 'sign-in-problem' };

export function parseRoute(location: Location): Route {
  const path = location.pathname.replace(/\/+$/, '');
  if (path === `${BASE}/signed-out`) return { name: 'signed-out' };
  if (path === `${BASE}/sign-in-problem`) return { name: 'sign-in-problem' };
  const item = /^\/console\/items\/([0-9a-f-]{36})$/.exec(path);
  if (item) {
    return {
      name: 'item',
      itemId: item[1],
      projectId: new URLSearchParams(location.search).get('projectId') ?? '',
    };
  }
  if (path === `${BASE}/upload`) return { name: 'upload' };
  const admin = ADMIN_PATHS.find(([, adminPath]) => path === `${BASE}${adminPath}`);
  if (admin) return { name: admin[0] };
  const flow = /^\/console\/flows\/([0-9a-f-]{36})$/.exec(path);
  if (flow) return { name: 'flow', flowId: flow[1] };
  const run = /^\/console\/runs\/([0-9a-f-]{36})$/.exec(path);
  if (run) return { name: 'run', executionId: run[1] };
  if (path === `${BASE}/agents`) return { name: 'agents' };
  if (path === `${BASE}/runs`) return { name: 'runs' };
  if (path === `${BASE}/variables`) return { name: 'variables' };
  return { name: 'items' };
}

/** Where each Admin screen lives under the console. */
export const ADMIN_PATHS = [
  ['people', '/people'],
  ['api-keys', '/api-keys'],
  ['sign-in-settings', '/settings/sign-in'],
  ['audit', '/audit'],
] as const satisfies ReadonlyArray<readonly [Route['name'], string]>;

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (options.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(window.location));
  useEffect(() => {
    const update = () => setRoute(parseRoute(window.location));
    window.addEventListener('popstate', update);
    return () => window.removeEventListener('popstate', update);
  }, []);
  return route;
}

export function itemPath(itemId: string, projectId: string): string {
  return `${BASE}/items/${itemId}?projectId=${encodeURIComponent(projectId)}`;
}

export const flowPath = (flowId: string) => `${BASE}/flows/${flowId}`;
export const runPath = (executionId: string) => `${BASE}/runs/${executionId}`;

/** A link that moves within the app without reloading it. */
export function followLink(event: { preventDefault(): void }, to: string): void {
  event.preventDefault();
  navigate(to);
}
