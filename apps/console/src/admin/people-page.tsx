import './admin.css';

import { type FormEvent, useState } from 'react';

import { api, errorMessage } from '../api/client';
import { ConfirmDialog } from '../components/confirm-dialog';
import type { SessionUser } from '../session';
import { type Person, type Project, usePeople, useProjects } from './directory';

const ROLES = ['Reviewer', 'Partner', 'Admin'] as const;
type Role = (typeof ROLES)[number];

/** Project checkboxes; an Admin sees every AI Agent, so none are offered. */
function AgentChoice(props: {
  projects: Project[];
  role: string;
  chosen: string[];
  onChange: (ids: string[]) => void;
  label: string;
}) {
  if (props.role === 'Admin') return <span className="muted">Every AI Agent</span>;
  return (
    <fieldset className="agents">
      <legend className="visually-hidden">{props.label}</legend>
      {props.projects.map((project) => (
        <label key={project.projectId} className="inline">
          <input
            type="checkbox"
            checked={props.chosen.includes(project.projectId)}
            onChange={(event) =>
              props.onChange(
                event.target.checked
                  ? [...props.chosen, project.projectId]
                  : props.chosen.filter((id) => id !== project.projectId),
              )
            }
          />{' '}
          {project.name}
        </label>
      ))}
    </fieldset>
  );
}

function AddPerson(props: { projects: Project[]; onAdded: () => void }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('Reviewer');
  const [projectIds, setProjectIds] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { data, error } = await api.POST('/users', {
      body: { name, email, role, projectIds },
    });
    if (!data) return setProblem(errorMessage(error));
    setProblem(null);
    setName('');
    setEmail('');
    setProjectIds([]);
    props.onAdded();
  };
  return (
    <form className="admin-form" onSubmit={(event) => void submit(event)} aria-label="Add a person">
      <h2>Add a person</h2>
      <label>
        Name <input value={name} onChange={(e) => setName(e.target.value)} required />
      </label>
      <label>
        E-mail{' '}
        <input type="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
      </label>
      <label>
        Role{' '}
        <select value={role} onChange={(e) => setRole(e.target.value as Role)}>
          {ROLES.map((r) => (
            <option key={r}>{r}</option>
          ))}
        </select>
      </label>
      <AgentChoice
        projects={props.projects}
        role={role}
        chosen={projectIds}
        onChange={setProjectIds}
        label="AI Agents for the new person"
      />
      <button type="submit">Add person</button>
      {problem && <p role="alert">{problem}</p>}
    </form>
  );
}

/** One person: role and AI Agents editable until they are deactivated. */
function PersonRow(props: {
  person: Person;
  projects: Project[];
  isMe: boolean;
  onChanged: () => void;
  onDeactivate: () => void;
}) {
  const { person } = props;
  const [role, setRole] = useState(person.role);
  const [projectIds, setProjectIds] = useState(person.projectIds);
  const [problem, setProblem] = useState<string | null>(null);
  const changed =
    role !== person.role || [...projectIds].sort().join() !== [...person.projectIds].sort().join();
  const save = async () => {
    const { data, error } = await api.PATCH('/users/{userId}', {
      params: { path: { userId: person.userId } },
      body: { role, projectIds },
    });
    if (!data) return setProblem(errorMessage(error));
    setProblem(null);
    props.onChanged();
  };
  const editable = person.active && !props.isMe;
  return (
    <tr aria-label={person.name}>
      <td>
        {person.name}
        <div className="muted">{person.email}</div>
      </td>
      <td>
        {editable ? (
          <select
            aria-label={`Role of ${person.name}`}
            value={role}
            onChange={(e) => setRole(e.target.value as Role)}
          >
            {ROLES.map((r) => (
              <option key={r}>{r}</option>
            ))}
          </select>
        ) : (
          person.role
        )}
      </td>
      <td>
        {editable ? (
          <AgentChoice
            projects={props.projects}
            role={role}
            chosen={projectIds}
            onChange={setProjectIds}
            label={`AI Agents of ${person.name}`}
          />
        ) : (
          props.projects
            .filter((p) => person.projectIds.includes(p.projectId))
            .map((p) => p.name)
            .join(', ') || (person.role === 'Admin' ? 'Every AI Agent' : '—')
        )}
      </td>
      <td>{person.active ? 'Active' : 'Deactivated'}</td>
      <td>
        {editable && (
          <>
            <button type="button" disabled={!changed} onClick={() => void save()}>
              Save access
            </button>{' '}
            <button type="button" className="danger" onClick={props.onDeactivate}>
              Deactivate
            </button>
          </>
        )}
        {problem && <p role="alert">{problem}</p>}
      </td>
    </tr>
  );
}

/**
 * People (Admin only): add a person with a role and AI Agents, change either, and deactivate
 * someone who left, which ends their sessions and revokes their keys at once.
 */
export function PeoplePage(props: { user: SessionUser }) {
  const { people, reload, error } = usePeople();
  const projects = useProjects();
  const [leaving, setLeaving] = useState<Person | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const deactivate = async (person: Person) => {
    setLeaving(null);
    const { data, error } = await api.POST('/users/{userId}/deactivate', {
      params: { path: { userId: person.userId } },
    });
    setProblem(data ? null : errorMessage(error));
    reload();
  };
  return (
    <section className="admin">
      <h1>People</h1>
      {(error || problem) && <p role="alert">{error ?? problem}</p>}
      <AddPerson projects={projects} onAdded={reload} />
      <table className="admin-table">
        <thead>
          <tr>
            <th>Person</th>
            <th>Role</th>
            <th>AI Agents</th>
            <th>Status</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {people.map((person) => (
            <PersonRow
              // A saved change re-renders the row from the server's answer.
              key={`${person.userId}:${person.role}:${person.projectIds.join()}:${person.active}`}
              person={person}
              projects={projects}
              isMe={person.userId === props.user.id}
              onChanged={reload}
              onDeactivate={() => setLeaving(person)}
            />
          ))}
        </tbody>
      </table>
      {leaving && (
        <ConfirmDialog
          title={`Deactivate ${leaving.name}?`}
          confirmLabel="Deactivate"
          onConfirm={() => void deactivate(leaving)}
          onCancel={() => setLeaving(null)}
        >
          Their sessions end and their API keys stop working at once, and they can no longer sign
          in. This cannot be undone here.
        </ConfirmDialog>
      )}
    </section>
  );
}
