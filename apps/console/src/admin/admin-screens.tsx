import { ADMIN_PATHS, BASE, navigate, type Route } from '../router';
import type { SessionUser } from '../session';
import { ApiKeysPage } from './api-keys-page';
import { AuditPage } from './audit-page';
import { PeoplePage } from './people-page';
import { SignInSettingsPage } from './sign-in-settings-page';

const LABELS: Record<(typeof ADMIN_PATHS)[number][0], string> = {
  people: 'People',
  'api-keys': 'API keys',
  'sign-in-settings': 'Sign-in',
  audit: 'Audit trail',
};

/** The Admin screens' links in the main navigation (shown to Admins only). */
export function AdminNav(props: { route: Route }) {
  return (
    <>
      {ADMIN_PATHS.map(([name, path]) => (
        <a
          key={name}
          href={`${BASE}${path}`}
          aria-current={props.route.name === name ? 'page' : undefined}
          onClick={(event) => {
            event.preventDefault();
            navigate(`${BASE}${path}`);
          }}
        >
          {LABELS[name]}
        </a>
      ))}
    </>
  );
}

/** The Admin screen of the route; nothing for anyone else (the API would refuse them too). */
export function AdminScreen(props: { route: Route; user: SessionUser }) {
  if (props.user.role !== 'Admin') return null;
  switch (props.route.name) {
    case 'people':
      return <PeoplePage user={props.user} />;
    case 'api-keys':
      return <ApiKeysPage />;
    case 'sign-in-settings':
      return <SignInSettingsPage user={props.user} />;
    case 'audit':
      return <AuditPage />;
    default:
      return null;
  }
}
