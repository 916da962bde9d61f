import { useCallback, useEffect, useState } from 'react';

import { api, errorMessage, type Schemas } from '../api/client';

export type Person = Schemas['UserRecord'];
export type Project = Schemas['ProjectRecord'];

/** The organization's people (Admin screens), reloaded after each change. */
export function usePeople(): { people: Person[]; reload: () => void; error: string | null } {
  const [people, setPeople] = useState<Person[]>([]);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(() => {
    void api.GET('/users', { params: { query: { limit: 100 } } }).then(({ data, error }) => {
      if (!data) return setError(errorMessage(error));
      setError(null);
      setPeople(data.data);
    });
  }, []);
  useEffect(reload, [reload]);
  return { people, reload, error };
}

/** Every project (AI Agent) of the organization, for granting access. */
export function useProjects(): Project[] {
  const [projects, setProjects] = useState<Project[]>([]);
  useEffect(() => {
    void api.GET('/projects', { params: { query: { limit: 100 } } }).then(({ data }) => {
      if (data) setProjects(data.data);
    });
  }, []);
  return projects;
}
