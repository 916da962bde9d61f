import { useEffect, useState } from 'react';

import { api, type Schemas } from '../api/client';
import { can } from '../permissions';

export type Environment = Schemas['EnvironmentRecord'];

/** The organization's environments, for roles that may list them (others get none). */
export function useEnvironments(role: string, generation = 0): Environment[] {
  const [environments, setEnvironments] = useState<Environment[]>([]);
  useEffect(() => {
    if (!can(role, 'environments.list')) return;
    void api
      .GET('/environments', { params: { query: { limit: 100 } } })
      .then(({ data }) => data && setEnvironments(data.data));
  }, [role, generation]);
  return environments;
}
