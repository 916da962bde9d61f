import { useEffect, useState } from 'react';

import { api, errorMessage } from '../api/client';
import type { NodeTypeInfo } from './graph-edits';

/** The node types and their configuration schemas, as the API describes them (GET /node-types). */
export function useNodeCatalog(): { catalog: NodeTypeInfo[]; error: string | null } {
  const [catalog, setCatalog] = useState<NodeTypeInfo[]>([]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    void api.GET('/node-types', { params: { query: { limit: 100 } } }).then(({ data, error }) => {
      if (data) setCatalog(data.data);
      else setError(errorMessage(error));
    });
  }, []);
  return { catalog, error };
}
