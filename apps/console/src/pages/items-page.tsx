import { type FormEvent, useEffect, useState } from 'react';

import { api, errorMessage, errorText, type Schemas } from '../api/client';
import { itemPath, navigate } from '../router';
import { useWorkspaces, WorkspacePicker } from '../workspaces';
import { searchProblem } from './search-problem';

type ItemSummary = Schemas['ItemSummaryRecord'];
type StatusCount = Schemas['StatusCount'];
type SortBy = 'createdAt' | 'updatedAt' | 'displayId' | 'displayName' | 'status';

const PAGE_SIZE = 20;
/** The list looks again this often while the tab is visible: new items appear by themselves. */
const REFRESH_MS = 10_000;
const COLUMNS: Array<{ key: SortBy | null; label: string }> = [
  { key: 'displayId', label: 'ID' },
  { key: 'displayName', label: 'Name' },
  { key: 'status', label: 'Status' },
  { key: null, label: 'Flow' },
  { key: null, label: 'Reviewer' },
  { key: 'createdAt', label: 'Created' },
];

/**
 * The items of a workspace: status-count cards (counts only, one per status present), a search
 * box that understands the API's prefixes (flow:, flow-id:, summary:, insight:, field-value:,
 * id:, display-id:, name:, reviewer: incl. reviewer:none, date:MM/DD/YYYY) and free text,
 * sorting by column and paging.
 */
export function ItemsPage() {
  const { workspaces, workspaceId, choose, error: workspaceError } = useWorkspaces();
  const [query, setQuery] = useState('');
  const [searchText, setSearchText] = useState('');
  const [status, setStatus] = useState<ItemSummary['status'] | undefined>(undefined);
  const [sortBy, setSortBy] = useState<SortBy>('createdAt');
  const [sortOrder, setSortOrder] = useState<'asc' | 'desc'>('desc');
  const [page, setPage] = useState(1);
  const [items, setItems] = useState<ItemSummary[]>([]);
  const [totalPages, setTotalPages] = useState(0);
  const [counts, setCounts] = useState<StatusCount[]>([]);
  const [error, setError] = useState<string | null>(null);
  // Bumped by every search, so searching again for the same text fetches the list afresh.
  const [fetchCount, setFetchCount] = useState(0);
  const [loading, setLoading] = useState(false);
  // Which search the list on screen answers, so a caller can tell a fresh answer from an old one.
  const [answered, setAnswered] = useState(-1);
  // Bumped by the refresh timer: the same query again, quietly.
  const [refreshes, setRefreshes] = useState(0);

  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') setRefreshes((count) => count + 1);
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (!workspaceId) return;
    // A slower, older response must not overwrite the answer to a newer query.
    let stale = false;
    setLoading(true);
    const filters = { workspaceId, ...(searchText ? { searchText } : {}) };
    void Promise.all([
      api.GET('/items', {
        params: {
          query: {
            ...filters,
            ...(status ? { status } : {}),
            page,
            limit: PAGE_SIZE,
            sortBy,
            sortOrder,
          },
        },
      }),
      api.GET('/items/status-counts', { params: { query: filters } }),
    ]).then(([list, tally]) => {
      if (stale) return;
      setLoading(false);
      setAnswered(fetchCount);
      if (!list.data || !tally.data) {
        const refused = list.error ?? tally.error;
        setError(searchProblem(errorText(refused)) ?? errorMessage(refused));
        return;
      }
      setError(null);
      setItems(list.data.data);
      setTotalPages(list.data.totalPages);
      setCounts(tally.data.data);
    });
    return () => {
      stale = true;
    };
  }, [workspaceId, searchText, status, sortBy, sortOrder, page, fetchCount, refreshes]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    setPage(1);
    setSearchText(query.trim());
    setFetchCount((count) => count + 1);
  };
  const sort = (key: SortBy) => {
    setSortOrder(key === sortBy && sortOrder === 'desc' ? 'asc' : 'desc');
    setSortBy(key);
  };

  return (
    <section aria-labelledby="items-title">
      <div className="toolbar">
        <h1 id="items-title">Items</h1>
        <WorkspacePicker workspaces={workspaces} workspaceId={workspaceId} choose={choose} />
      </div>
      <ul className="cards" aria-label="Items per status">
        {counts.map((count) => (
          <li key={count.status}>
            <button
              type="button"
              className="card"
              aria-pressed={status === count.status}
              onClick={() => {
                setPage(1);
                setStatus(status === count.status ? undefined : count.status);
              }}
            >
              <span className="count">{count.count}</span>
              <span className="label">{count.status}</span>
            </button>
          </li>
        ))}
      </ul>
      <form role="search" className="search" onSubmit={search}>
        <label htmlFor="item-search" className="visually-hidden">
          Search items
        </label>
        <input
          id="item-search"
          type="search"
          placeholder="Search: free text or flow:, name:, reviewer:none, date:MM/DD/YYYY, id:, …"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        <button type="submit">Search</button>
      </form>
      {(error ?? workspaceError) && (
        <p role="alert" className="error">
          {error ?? workspaceError}
        </p>
      )}
      {totalPages > 1 && (
        // Above the list, so it is on screen at 1280×800 without scrolling.
        <nav className="pager" aria-label="Pages">
          <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </button>
          <span>
            Page {page} of {totalPages}
          </span>
          <button type="button" disabled={page >= totalPages} onClick={() => setPage(page + 1)}>
            Next
          </button>
        </nav>
      )}
      <table className="items" aria-busy={loading} data-answered={answered}>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th
                key={column.label}
                scope="col"
                aria-sort={
                  column.key === sortBy
                    ? sortOrder === 'asc'
                      ? 'ascending'
                      : 'descending'
                    : undefined
                }
              >
                {column.key ? (
                  <button type="button" className="sort" onClick={() => sort(column.key!)}>
                    {column.label}
                  </button>
                ) : (
                  column.label
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id}>
              <td>{item.displayId}</td>
              <td>
                <a
                  href={itemPath(item.id, item.projectId)}
                  onClick={(event) => {
                    event.preventDefault();
                    navigate(itemPath(item.id, item.projectId));
                  }}
                >
                  {item.displayName || `Item ${item.displayId}`}
                </a>
                {item.summary && <div className="summary">{item.summary}</div>}
              </td>
              <td>
                <span className={`status status-${item.status}`}>{item.status}</span>
              </td>
              <td>{item.flowName}</td>
              <td>{item.reviewerName ?? '—'}</td>
              <td>{new Date(item.createdAt).toLocaleString()}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {items.length === 0 && !error && <p className="empty">No items match.</p>}
    </section>
  );
}
