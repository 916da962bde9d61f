import { useEffect, useState } from 'react';

import { api, errorMessage, type Schemas } from './api/client';

export type Workspace = Schemas['WorkspaceRecord'];

/** The workspaces the person may see, and the one chosen (remembered in the session). */
export function useWorkspaces(): {
  workspaces: Workspace[];
  workspaceId: string;
  choose: (id: string) => void;
  error: string | null;
} {
  const [workspaces, setWorkspaces] = useState<Workspace[]>([]);
  const [workspaceId, setWorkspaceId] = useState(
    () => sessionStorage.getItem('docket.workspaceId') ?? '',
  );
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    void api.GET('/workspaces', { params: { query: { limit: 100 } } }).then(({ data, error }) => {
      if (!data) return setError(errorMessage(error));
      setWorkspaces(data.data);
      setWorkspaceId((current) => {
        const chosen = data.data.some((w) => w.workspaceId === current)
          ? current
          : (data.data[0]?.workspaceId ?? '');
        sessionStorage.setItem('docket.workspaceId', chosen);
        return chosen;
      });
    });
  }, []);
  const choose = (id: string) => {
    sessionStorage.setItem('docket.workspaceId', id);
    setWorkspaceId(id);
  };
  return { workspaces, workspaceId, choose, error };
}

export function WorkspacePicker(props: {
  workspaces: Workspace[];
  workspaceId: string;
  choose: (id: string) => void;
}) {
  if (props.workspaces.length < 2) return null;
  return (
    <label className="inline">
      Workspace{' '}
      <select value={props.workspaceId} onChange={(event) => props.choose(event.target.value)}>
        {props.workspaces.map((workspace) => (
          <option key={workspace.workspaceId} value={workspace.workspaceId}>
            {workspace.name}
          </option>
        ))}
      </select>
    </label>
  );
}
