import { useEffect, useState } from 'react';

import { api, errorMessage, type Schemas } from '../api/client';
import { can } from '../permissions';
import { BASE, followLink } from '../router';
import type { SessionUser } from '../session';
import { FlowGraphView } from './flow-graph';
import { addNode, type FlowGraph, problemsByNode } from './graph-edits';
import { NodePanel } from './node-panel';
import { Palette } from './palette';
import { ReleasePanel } from './release-panel';
import { TestDraft } from './test-draft';
import { useEnvironments } from './use-environments';
import { useNodeCatalog } from './use-node-catalog';

type FlowDetail = Schemas['FlowDetailRecord'];

/**
 * The builder: the flow's draft as a graph with a palette, the selected node's configuration,
 * Save (PUT /flows/{flowId}/draft, whose refusal is shown on the nodes it names), a test run of
 * the draft, and publishing and activation.
 */
export function BuilderPage(props: { flowId: string; user: SessionUser }) {
  const role = props.user.role;
  const { catalog, error: catalogError } = useNodeCatalog();
  const environments = useEnvironments(role);
  const [flow, setFlow] = useState<FlowDetail | null>(null);
  const [graph, setGraph] = useState<FlowGraph | null>(null);
  const [savedJson, setSavedJson] = useState('');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [problems, setProblems] = useState<Map<string, string[]>>(new Map());
  const [notice, setNotice] = useState<{ text: string; failed: boolean } | null>(null);
  const [testFileId, setTestFileId] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    void api
      .GET('/flows/{flowId}', { params: { path: { flowId: props.flowId } } })
      .then(({ data, error }) => {
        if (!data) return setLoadError(errorMessage(error));
        setFlow(data);
        setGraph(data.draft);
        setSavedJson(JSON.stringify(data.draft));
      });
  }, [props.flowId]);

  const unsaved = graph !== null && JSON.stringify(graph) !== savedJson;
  const graphProblems = problems.get('') ?? [];
  const mayBuild = can(role, 'flows.build');
  const infoOf = (type: string) => catalog.find((info) => info.type === type);
  const selected = graph?.nodes.find((node) => node.id === selectedId) ?? null;

  if (loadError) return <p role="alert">{loadError}</p>;
  if (!flow || !graph) return <p className="loading">Loading the flow…</p>;

  const change = (next: FlowGraph, selectId?: string | null) => {
    setGraph(next);
    if (selectId !== undefined) setSelectedId(selectId);
  };

  const save = async () => {
    const { data, error } = await api.PUT('/flows/{flowId}/draft', {
      params: { path: { flowId: flow.flowId } },
      body: { graph },
    });
    if (!data) {
      setProblems(problemsByNode(error));
      return setNotice({ text: errorMessage(error), failed: true });
    }
    setProblems(new Map());
    setFlow(data);
    setSavedJson(JSON.stringify(graph));
    setNotice({ text: 'Draft saved', failed: false });
  };

  return (
    <section className="screen builder" aria-labelledby="builder-title">
      <div className="toolbar">
        <a href={`${BASE}/agents`} onClick={(event) => followLink(event, `${BASE}/agents`)}>
          ← AI Agents
        </a>
        <h1 id="builder-title">{flow.name}</h1>
        <span className="hint">
          {unsaved
            ? 'Unsaved changes'
            : flow.latestVersion
              ? `Draft saved; latest version ${flow.latestVersion}`
              : 'Draft saved; never published'}
        </span>
        {mayBuild && (
          <button type="button" disabled={!unsaved} onClick={() => void save()}>
            Save draft
          </button>
        )}
      </div>
      {catalogError && <p role="alert">{catalogError}</p>}
      {notice && (
        <p
          role={notice.failed ? 'alert' : 'status'}
          className={notice.failed ? 'problem' : 'saved'}
        >
          {notice.text}
        </p>
      )}
      {graphProblems.length > 0 && (
        <ul role="alert" className="problems" aria-label="Problems of the flow">
          {graphProblems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      <div className="builder-body">
        {mayBuild && (
          <Palette
            catalog={catalog}
            role={role}
            hasTrigger={graph.nodes.some((node) => node.type.startsWith('trigger.'))}
            onAdd={(info) => {
              const from = selected ? { node: selected, info: infoOf(selected.type) } : null;
              const added = addNode(graph, info, from);
              change(added.graph, added.nodeId);
            }}
          />
        )}
        <div className="canvas">
          <FlowGraphView
            graph={graph}
            selectedId={selectedId}
            problems={problems}
            onSelect={setSelectedId}
          />
          {!selected && (
            <p className="hint">
              Select a node to configure it; the palette adds the next node after it.
            </p>
          )}
        </div>
        {selected && (
          <NodePanel
            graph={graph}
            node={selected}
            catalog={catalog}
            problems={problems.get(selected.id) ?? []}
            readOnly={!mayBuild || (selected.type.startsWith('ai.') && !can(role, 'ai.use'))}
            testFileId={testFileId}
            onChange={change}
          />
        )}
      </div>
      {can(role, 'flows.run') && (
        <TestDraft
          flowId={flow.flowId}
          workspaceId={flow.workspaceId}
          projectId={flow.projectId}
          environments={environments}
          saved={!unsaved}
          fileId={testFileId}
          onFile={setTestFileId}
        />
      )}
      <ReleasePanel
        flow={flow}
        role={role}
        environments={environments}
        unsavedChanges={unsaved}
        onFlow={(record) => setFlow({ ...flow, ...record })}
      />
    </section>
  );
}
