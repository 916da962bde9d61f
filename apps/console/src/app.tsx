import { useEffect, useState } from 'react';

import { ItemPage } from './pages/item-page';
import { ItemsPage } from './pages/items-page';
import { SignInPage } from './pages/sign-in-page';
import { UploadPage } from './pages/upload-page';
import { BASE, navigate, useRoute } from './router';
import { resumeSession, type SessionUser, signOut } from './session';

export function App() {
  const [user, setUser] = useState<SessionUser | null | undefined>(undefined);
  const route = useRoute();

  useEffect(() => {
    resumeSession().then(setUser, () => setUser(null));
  }, []);

  if (user === undefined) return <p className="loading">Loading…</p>;
  if (user === null) return <SignInPage />;
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
        </nav>
        <span className="who">
          {user.name} ({user.role})
        </span>
        <button
          type="button"
          onClick={() => {
            void signOut().then(() => setUser(null));
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
      </main>
    </>
  );
}
