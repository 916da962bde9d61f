import './admin.css';

import { type FormEvent, useCallback, useEffect, useState } from 'react';

import { api, errorMessage, type Schemas } from '../api/client';
import { ConfirmDialog } from '../components/confirm-dialog';
import { usePeople } from './directory';
import { formatTime } from './format';

type ApiKey = Schemas['ApiKeyRecord'];

/** The key just issued: shown here once, never again (only its hash is stored). */
function IssuedKey(props: { issued: { name: string; apiKey: string }; onDone: () => void }) {
  return (
    <div className="secret-once" role="status">
      <strong>Copy the key “{props.issued.name}” now: it is shown only this once.</strong>
      <code aria-label="New API key">{props.issued.apiKey}</code>
      <button type="button" onClick={props.onDone}>
        I have stored it
      </button>
    </div>
  );
}

/**
 * API keys (Admin only): issue a key for a person (the secret is shown once), see every key by
 * its prefix, owner, creation and last use, and revoke one, which stops its tokens at once.
 */
export function ApiKeysPage() {
  const { people } = usePeople();
  const [keys, setKeys] = useState<ApiKey[]>([]);
  const [includeRevoked, setIncludeRevoked] = useState(false);
  const [owner, setOwner] = useState('');
  const [name, setName] = useState('');
  const [issued, setIssued] = useState<{ name: string; apiKey: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const reload = useCallback(() => {
    void api
      .GET('/api-keys', {
        params: { query: { limit: 100, includeRevoked: includeRevoked ? 'true' : 'false' } },
      })
      .then(({ data, error }) => {
        if (!data) return setProblem(errorMessage(error));
        setKeys(data.data);
      });
  }, [includeRevoked]);
  useEffect(reload, [reload]);

  const issue = async (event: FormEvent) => {
    event.preventDefault();
    const { data, error } = await api.POST('/api-keys', {
      body: { name, ...(owner ? { userId: owner } : {}) },
    });
    if (!data) return setProblem(errorMessage(error));
    setProblem(null);
    setIssued({ name: data.name, apiKey: data.apiKey });
    setName('');
    reload();
  };
  const revoke = async (key: ApiKey) => {
    setRevoking(null);
    const { data, error } = await api.DELETE('/api-keys/{apiKeyId}', {
      params: { path: { apiKeyId: key.apiKeyId } },
    });
    setProblem(data ? null : errorMessage(error));
    reload();
  };

  return (
    <section className="admin">
      <h1>API keys</h1>
      {problem && <p role="alert">{problem}</p>}
      {issued && <IssuedKey issued={issued} onDone={() => setIssued(null)} />}
      <form className="admin-form" onSubmit={(event) => void issue(event)} aria-label="Issue a key">
        <h2>Issue a key</h2>
        <label>
          For{' '}
          <select value={owner} onChange={(e) => setOwner(e.target.value)}>
            <option value="">Me</option>
            {people
              .filter((person) => person.active)
              .map((person) => (
                <option key={person.userId} value={person.userId}>
                  {person.name} ({person.role})
                </option>
              ))}
          </select>
        </label>
        <label>
          Key name{' '}
          <input value={name} onChange={(e) => setName(e.target.value)} required maxLength={120} />
        </label>
        <button type="submit">Issue key</button>
      </form>
      <label className="inline">
        <input
          type="checkbox"
          checked={includeRevoked}
          onChange={(e) => setIncludeRevoked(e.target.checked)}
        />{' '}
        Show revoked keys
      </label>
      <table className="admin-table">
        <thead>
          <tr>
            <th>Name</th>
            <th>Prefix</th>
            <th>Owner</th>
            <th>Created</th>
            <th>Last used</th>
            <th>Status</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key.apiKeyId} aria-label={`${key.name} of ${key.ownerName}`}>
              <td>{key.name}</td>
              <td>
                <code>{key.prefix}…</code>
              </td>
              <td>
                {key.ownerName}
                <div className="muted">{key.ownerEmail}</div>
              </td>
              <td>{formatTime(key.createdAt)}</td>
              <td>{key.lastUsedAt ? formatTime(key.lastUsedAt) : 'Never'}</td>
              <td>{key.revokedAt ? `Revoked ${formatTime(key.revokedAt)}` : 'Active'}</td>
              <td>
                {!key.revokedAt && (
                  <button type="button" className="danger" onClick={() => setRevoking(key)}>
                    Revoke
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {revoking && (
        <ConfirmDialog
          title={`Revoke “${revoking.name}” of ${revoking.ownerName}?`}
          confirmLabel="Revoke"
          onConfirm={() => void revoke(revoking)}
          onCancel={() => setRevoking(null)}
        >
          Tokens bought with this key stop working at once. This cannot be undone.
        </ConfirmDialog>
      )}
    </section>
  );
}
