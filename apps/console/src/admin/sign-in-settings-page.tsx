import './admin.css';

import { type FormEvent, useCallback, useEffect, useState } from 'react';

import { api, errorMessage, type Schemas } from '../api/client';
import { ConfirmDialog } from '../components/confirm-dialog';
import { BASE } from '../router';
import type { SessionUser } from '../session';

type Provider = Schemas['IdentityProviderRecord'];

interface Draft {
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  domains: string;
}

const EMPTY: Draft = { name: '', issuer: '', clientId: '', clientSecret: '', domains: '' };

function domainsOf(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((domain) => domain.trim().toLowerCase())
    .filter(Boolean);
}

/** Register a provider, or change one (a blank client secret keeps the stored one). */
function ProviderForm(props: { editing?: Provider; onSaved: () => void; onCancel: () => void }) {
  const [draft, setDraft] = useState<Draft>(
    props.editing
      ? { ...props.editing, clientSecret: '', domains: props.editing.domains.join(', ') }
      : EMPTY,
  );
  const [problem, setProblem] = useState<string | null>(null);
  const field = (key: keyof Draft) => ({
    value: draft[key],
    onChange: (event: { target: { value: string } }) =>
      setDraft({ ...draft, [key]: event.target.value }),
  });
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const common = {
      name: draft.name,
      issuer: draft.issuer,
      clientId: draft.clientId,
      domains: domainsOf(draft.domains),
    };
    const { error } = props.editing
      ? await api.PATCH('/identity-providers/{identityProviderId}', {
          params: { path: { identityProviderId: props.editing.identityProviderId } },
          body: { ...common, ...(draft.clientSecret ? { clientSecret: draft.clientSecret } : {}) },
        })
      : await api.POST('/identity-providers', {
          body: { ...common, clientSecret: draft.clientSecret },
        });
    if (error) return setProblem(errorMessage(error));
    props.onSaved();
  };
  return (
    <form
      className="admin-form"
      onSubmit={(event) => void save(event)}
      aria-label={props.editing ? `Change ${props.editing.name}` : 'Add an identity provider'}
    >
      <h2>{props.editing ? `Change ${props.editing.name}` : 'Add an identity provider'}</h2>
      <label>
        Name <input {...field('name')} required />
      </label>
      <label>
        Issuer URL <input {...field('issuer')} type="url" required />
      </label>
      <label>
        Client ID <input {...field('clientId')} required />
      </label>
      <label>
        Client secret{' '}
        <input
          {...field('clientSecret')}
          type="password"
          required={!props.editing}
          placeholder={props.editing ? 'Unchanged' : ''}
          autoComplete="off"
        />
      </label>
      <label>
        E-mail domains <input {...field('domains')} required placeholder="acme.example" />
      </label>
      <button type="submit">Save</button>
      <button type="button" onClick={props.onCancel}>
        Cancel
      </button>
      {problem && <p role="alert">{problem}</p>}
    </form>
  );
}

/**
 * Sign-in settings (Admin only): the organization's OpenID Connect providers and the e-mail
 * domains each serves, with a test sign-in that goes through the provider as people do.
 */
export function SignInSettingsPage(props: { user: SessionUser }) {
  const [providers, setProviders] = useState<Provider[]>([]);
  const [editing, setEditing] = useState<Provider | 'new' | null>(null);
  const [removing, setRemoving] = useState<Provider | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [testEmail, setTestEmail] = useState(props.user.email);
  const tested = new URLSearchParams(window.location.search).has('tested');

  const reload = useCallback(() => {
    void api
      .GET('/identity-providers', { params: { query: { limit: 100 } } })
      .then(({ data, error }) => {
        if (!data) return setProblem(errorMessage(error));
        setProviders(data.data);
      });
  }, []);
  useEffect(reload, [reload]);

  const remove = async (provider: Provider) => {
    setRemoving(null);
    const { error } = await api.DELETE('/identity-providers/{identityProviderId}', {
      params: { path: { identityProviderId: provider.identityProviderId } },
    });
    setProblem(error ? errorMessage(error) : null);
    reload();
  };
  // The real sign-in, in a new tab: it signs in (again) as the person whose address is given.
  const testUrl = `/auth/sso/start?${new URLSearchParams({
    email: testEmail,
    returnTo: `${BASE}/settings/sign-in?tested=1`,
    reauthenticate: 'true',
  })}`;

  return (
    <section className="admin">
      <h1>Sign-in settings</h1>
      {tested && (
        <p role="status">
          Test sign-in succeeded: the provider signed you in and Docket accepted it.
        </p>
      )}
      {problem && <p role="alert">{problem}</p>}
      <table className="admin-table">
        <thead>
          <tr>
            <th>Provider</th>
            <th>Issuer</th>
            <th>Client ID</th>
            <th>E-mail domains</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {providers.map((provider) => (
            <tr key={provider.identityProviderId} aria-label={provider.name}>
              <td>{provider.name}</td>
              <td>{provider.issuer}</td>
              <td>{provider.clientId}</td>
              <td>{provider.domains.join(', ')}</td>
              <td>
                <button type="button" onClick={() => setEditing(provider)}>
                  Change
                </button>{' '}
                <button type="button" className="danger" onClick={() => setRemoving(provider)}>
                  Remove
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {editing === null ? (
        <p>
          <button type="button" onClick={() => setEditing('new')}>
            Add an identity provider
          </button>
        </p>
      ) : (
        <ProviderForm
          key={editing === 'new' ? 'new' : editing.identityProviderId}
          editing={editing === 'new' ? undefined : editing}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
          onCancel={() => setEditing(null)}
        />
      )}
      <div className="admin-form" aria-label="Test sign-in">
        <h2>Test sign-in</h2>
        <label>
          Sign in as{' '}
          <input type="email" value={testEmail} onChange={(e) => setTestEmail(e.target.value)} />
        </label>
        <a className="button" href={testUrl} target="_blank" rel="noopener">
          Test sign-in
        </a>
        <p className="muted">
          Opens the provider in a new tab, exactly as a person signing in sees it, and comes back
          here when Docket accepts the sign-in. It signs this browser in as that person.
        </p>
      </div>
      {removing && (
        <ConfirmDialog
          title={`Remove ${removing.name}?`}
          confirmLabel="Remove"
          onConfirm={() => void remove(removing)}
          onCancel={() => setRemoving(null)}
        >
          People with addresses at {removing.domains.join(', ')} can no longer sign in.
        </ConfirmDialog>
      )}
    </section>
  );
}
