import './screens.css';

import { lazy, Suspense, useEffect, useState } from 'react';

import { AdminNav, AdminScreen } from './admin/admin-screens';
import { AgentsPage } from './flows/agents-page';
import { ItemPage } from './pages/item-page';
import { ItemsPage } from './pages/items-page';
import { SignInPage } from './pages/sign-in-page';
import { SignInProblemPage } from './pages/sign-in-problem-page';
import { UploadPage } from './pages/upload-page';
import { can, type Operation } from './permissions';
import { BASE, navigate, type Route, useRoute } from './router';
import { RunPage } from './runs/run-page';
import { RunsPage } from './runs/runs-page';
import { onSessionEnd, resumeSession, type SessionEnd, type SessionUser, signOut } from './session';
import { VariablesPage } from './variables/variables-page';

/** The builder brings the form generator and the layout engine: loaded when first opened. */
const BuilderPage = lazy(() =>
  import('./flows/builder-page').then((module) => ({ default: module.BuilderPage })),
);

/** Screens beyond review, each shown only to roles the API lets read it (Reviewers see items). */
const SCREENS: Array<{
  path: string;
  label: string;
  operation: Operation;
  routes: Route['name'][];
}> = [
  { path: '/agents', label: 'AI Agents', operation: 'flows.read', routes: ['agents', 'flow'] },
  { path: '/runs', label: 'Runs', operation: 'executions.read', routes: ['runs', 'run'] },
  { path: '/variables', label: 'Variables', operation: 'variables.list', routes: ['variables'] },
];

const END_NOTICES: Record<SessionEnd, string> = {
  'signed-out': 'You have signed out.',
  expired: 'Your session has ended. Sign in again to go on where you were.',
};

export function App() {
  const [user, setUser] = useState<SessionUser | null | undefined>(undefined);
  const [end, setEnd] = useState<SessionEnd | undefined>(undefined);
  const route = useRoute();

  useEffect(() => {
    resumeSession().then(setUser, () => setUser(null));
    // Signing out in another tab, or a session that ended, brings this tab to the sign-in page.
    return onSessionEnd((why) => {
      setEnd(why);
      setUser(null);
    });
  }, []);

  // Signed in again after signing out (another tab, the back button): leave that address.
  useEffect(() => {
    if (user && route.name === 'signed-out') navigate(`${BASE}/`, { replace: true });
  }, [user, route.name]);

  // A refused sign-in is explained whether or not an earlier session still stands.
  if (route.name === 'sign-in-problem') return <SignInProblemPage />;
  if (user === undefined) return <p className="loading">Loading…</p>;
  if (user === null) {
    const why = route.name === 'signed-out' ? 'signed-out' : end;
    return <SignInPage notice={why && END_NOTICES[why]} />;
  }
  const allowed = (operation: Operation) => can(user.role, operation);
  return (
    <>
      <header className="top">
        <a
          href={`${BASE}/`}
          className="brand"
          onClick={(event) => {
            event.preventDefault();
            navigate(`${BASE}/`);
          }}
        >
          Docket
        </a>
        <nav aria-label="Main">
          <a
            href={`${BASE}/`}
            aria-current={route.name === 'items' ? 'page' : undefined}
            onClick={(event) => {
              event.preventDefault();
              navigate(`${BASE}/`);
            }}
          >
            Items
          </a>
          {/* Reviewers may read and review, not upload (files.create: Admin, Partner). */}
          {user.role !== 'Reviewer' && (
            <a
              href={`${BASE}/upload`}
              aria-current={route.name === 'upload' ? 'page' : undefined}
              onClick={(event) => {
                event.preventDefault();
                navigate(`${BASE}/upload`);
              }}
            >
              Upload
            </a>
          )}
          {SCREENS.filter((screen) => can(user.role, screen.operation)).map((screen) => (
            <a
              key={screen.path}
              href={`${BASE}${screen.path}`}
              aria-current={screen.routes.includes(route.name) ? 'page' : undefined}
              onClick={(event) => {
                event.preventDefault();
                navigate(`${BASE}${screen.path}`);
              }}
            >
              {screen.label}
            </a>
          ))}
          {/* People, keys, sign-in and the audit trail are the Admin's alone (role matrix). */}
          {user.role === 'Admin' && <AdminNav route={route} />}
        </nav>
        <span className="who">
          {user.name} ({user.role})
        </span>
        <button
          type="button"
          onClick={() => {
            void signOut();
          }}
        >
          Sign out
        </button>
      </header>
      <main>
        {route.name === 'items' && <ItemsPage />}
        {route.name === 'item' && (
          <ItemPage itemId={route.itemId} projectId={route.projectId} user={user} />
        )}
        {route.name === 'upload' && <UploadPage />}
        {allowed('flows.read') && route.name === 'agents' && <AgentsPage user={user} />}
        {allowed('flows.read') && route.name === 'flow' && (
          <Suspense fallback={<p className="loading">Loading the builder…</p>}>
            <BuilderPage key={route.flowId} flowId={route.flowId} user={user} />
          </Suspense>
        )}
        {allowed('executions.read') && route.name === 'runs' && <RunsPage />}
        {allowed('executions.read') && route.name === 'run' && (
          <RunPage key={route.executionId} executionId={route.executionId} user={user} />
        )}
        {allowed('variables.list') && route.name === 'variables' && <VariablesPage user={user} />}
        {SCREENS.some(
          (screen) => screen.routes.includes(route.name) && !allowed(screen.operation),
        ) && <p role="alert">This page is for Admins and Partners. Your role is {user.role}.</p>}
        <AdminScreen route={route} user={user} />
      </main>
    </>
  );
}
