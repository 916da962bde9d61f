import './admin.css';

import { useEffect, useMemo, useState } from 'react';

import { api, errorMessage, type Schemas } from '../api/client';
import { usePeople } from './directory';
import { formatTime } from './format';

type AuditEvent = Schemas['AuditEventRecord'];
type Action = AuditEvent['action'];
type ResourceType = AuditEvent['resourceType'];

/** Every action of the trail, in people's words (the `satisfies` keeps the list complete). */
const ACTIONS = {
  'api-key.created': 'API key issued',
  'api-key.revoked': 'API key revoked',
  'user.created': 'Person added',
  'user.changed': 'Role or AI Agents changed',
  'user.deactivated': 'Person deactivated',
  'identity-provider.created': 'Identity provider added',
  'identity-provider.changed': 'Sign-in settings changed',
  'identity-provider.deleted': 'Identity provider removed',
  'variable.created': 'Variable created',
  'variable.updated': 'Variable updated',
  'variable.revealed': 'Variable revealed',
  'variable.deleted': 'Variable deleted',
  'flow.published': 'Flow published',
  'flow.activated': 'Flow activated',
  'flow.deactivated': 'Flow deactivated',
  'lock.taken-over': 'Item lock taken over',
  'item.closed': 'Item closed',
} satisfies Record<Action, string>;

const RESOURCES = {
  'api-key': 'API keys',
  user: 'People',
  'identity-provider': 'Sign-in settings',
  variable: 'Variables',
  flow: 'Flows',
  item: 'Items',
} satisfies Record<ResourceType, string>;

const LIMIT = 25;

interface Filters {
  actorId: string;
  action: Action | '';
  resourceType: ResourceType | '';
  from: string;
  to: string;
}

/** A datetime-local value (the person's own time) as the API's ISO 8601. */
function isoOf(local: string): string | undefined {
  return local ? new Date(local).toISOString() : undefined;
}

/** What an event's details say, as plain pairs; nested values as compact JSON. */
function Details(props: { details: Record<string, unknown> }) {
  const entries = Object.entries(props.details).filter(([, value]) => value !== null);
  if (entries.length === 0) return null;
  return (
    <dl className="details">
      {entries.map(([key, value]) => (
        <div key={key} style={{ display: 'contents' }}>
          <dt>{key}</dt>
          <dd>{typeof value === 'string' ? value : JSON.stringify(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The audit trail (Admin only): who issued or revoked keys, changed people or sign-in, revealed
 * a variable and why, published or activated a flow, took over a lock or closed an item.
 */
export function AuditPage() {
  const { people } = usePeople();
  const names = useMemo(() => new Map(people.map((p) => [p.userId, p.name])), [people]);
  const [filters, setFilters] = useState<Filters>({
    actorId: '',
    action: '',
    resourceType: '',
    from: '',
    to: '',
  });
  const [page, setPage] = useState(1);
  const [events, setEvents] = useState<AuditEvent[]>([]);
  const [totalPages, setTotalPages] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    const query = {
      page,
      limit: LIMIT,
      ...(filters.actorId ? { actorId: filters.actorId } : {}),
      ...(filters.action ? { action: filters.action } : {}),
      ...(filters.resourceType ? { resourceType: filters.resourceType } : {}),
      ...(filters.from ? { occurredAfter: isoOf(filters.from) } : {}),
      ...(filters.to ? { occurredBefore: isoOf(filters.to) } : {}),
    };
    // A filter changed while an earlier page was still loading must not let that earlier,
    // unfiltered answer land last and show rows the filters exclude.
    let current = true;
    void api.GET('/audit-events', { params: { query } }).then(({ data, error }) => {
      if (!current) return;
      if (!data) return setProblem(errorMessage(error));
      setProblem(null);
      setEvents(data.data);
      setTotalPages(data.totalPages);
    });
    return () => {
      current = false;
    };
  }, [filters, page]);

  const filter = (change: Partial<Filters>) => {
    setFilters({ ...filters, ...change });
    setPage(1);
  };

  return (
    <section className="admin">
      <h1>Audit trail</h1>
      <form className="admin-form" aria-label="Filters" onSubmit={(e) => e.preventDefault()}>
        <label>
          Who{' '}
          <select value={filters.actorId} onChange={(e) => filter({ actorId: e.target.value })}>
            <option value="">Anyone</option>
            {people.map((person) => (
              <option key={person.userId} value={person.userId}>
                {person.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          What{' '}
          <select
            value={filters.action}
            onChange={(e) => filter({ action: e.target.value as Action | '' })}
          >
            <option value="">Any action</option>
            {Object.entries(ACTIONS).map(([action, label]) => (
              <option key={action} value={action}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label>
          About{' '}
          <select
            value={filters.resourceType}
            onChange={(e) => filter({ resourceType: e.target.value as ResourceType | '' })}
          >
            <option value="">Anything</option>
            {Object.entries(RESOURCES).map(([type, label]) => (
              <option key={type} value={type}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label>
          From{' '}
          <input
            type="datetime-local"
            value={filters.from}
            onChange={(e) => filter({ from: e.target.value })}
          />
        </label>
        <label>
          Until{' '}
          <input
            type="datetime-local"
            value={filters.to}
            onChange={(e) => filter({ to: e.target.value })}
          />
        </label>
      </form>
      {problem && <p role="alert">{problem}</p>}
      <table className="admin-table">
        <thead>
          <tr>
            <th>When</th>
            <th>Who</th>
            <th>What</th>
            <th>Details</th>
          </tr>
        </thead>
        <tbody>
          {events.map((event) => (
            <tr key={event.eventId} aria-label={ACTIONS[event.action]}>
              <td>{formatTime(event.occurredAt)}</td>
              <td>{event.actorId ? (names.get(event.actorId) ?? event.actorId) : 'Docket'}</td>
              <td>
                {ACTIONS[event.action]}
                <div className="muted">
                  {event.resourceType} {event.resourceId.slice(0, 8)}
                </div>
              </td>
              <td>
                <Details details={event.details} />
              </td>
            </tr>
          ))}
          {events.length === 0 && (
            <tr>
              <td colSpan={4}>Nothing recorded matches these filters.</td>
            </tr>
          )}
        </tbody>
      </table>
      <div className="pager">
        <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          Newer
        </button>
        <span>
          Page {page} of {Math.max(1, totalPages)}
        </span>
        <button type="button" disabled={page >= totalPages} onClick={() => setPage(page + 1)}>
          Older
        </button>
      </div>
    </section>
  );
}
