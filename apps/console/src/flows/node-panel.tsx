import { useState } from 'react';

import { FileLayout, keyOfCaption, type PickedCaption, typeOfSample } from './file-layout';
import {
  addEdge,
  branchesOf,
  type FlowGraph,
  type FlowNode,
  type NodeTypeInfo,
  removeEdge,
  removeNode,
  updateNode,
} from './graph-edits';
import { NodeConfigForm } from './node-config-form';

/**
 * The selected node: its name, its configuration (form and JSON), the problems the last save
 * found on it, its incoming edges (add one from another node, with the branch it follows), and
 * for an extraction the captions of the test file to take fields from.
 */
export function NodePanel(props: {
  graph: FlowGraph;
  node: FlowNode;
  catalog: NodeTypeInfo[];
  problems: string[];
  readOnly: boolean;
  testFileId: string | null;
  onChange: (graph: FlowGraph, selectId?: string | null) => void;
}) {
  const { graph, node } = props;
  const info = props.catalog.find((entry) => entry.type === node.type);
  const infoOf = (type: string) => props.catalog.find((entry) => entry.type === type);
  const [from, setFrom] = useState('');
  const source = graph.nodes.find((candidate) => candidate.id === from);
  const branches = source ? branchesOf(source, infoOf(source.type)) : [];
  const [branch, setBranch] = useState('');
  const config = (node.config ?? {}) as Record<string, unknown>;

  const setConfig = (next: Record<string, unknown>) =>
    props.onChange(updateNode(graph, node.id, { config: next as FlowNode['config'] }));

  const pickCaption = ({ label, sample }: PickedCaption) => {
    const fields = Array.isArray(config.fields) ? (config.fields as Array<{ key: string }>) : [];
    let key = keyOfCaption(label);
    while (fields.some((field) => field.key === key)) key = `${key}_2`;
    setConfig({ ...config, fields: [...fields, { key, type: typeOfSample(sample), label }] });
  };
  const usedLabels = new Set(
    (Array.isArray(config.fields) ? (config.fields as Array<{ label?: string }>) : []).map(
      (field) => field.label ?? '',
    ),
  );

  const incoming = graph.edges
    .map((edge, index) => ({ edge, index }))
    .filter(({ edge }) => edge.to === node.id);

  return (
    <section className="node-panel" aria-label={`Node ${node.id}`}>
      <h2>
        {info?.title ?? node.type} <small>{node.type}</small>
      </h2>
      {info && <p className="hint">{info.description}</p>}
      {props.problems.length > 0 && (
        <ul className="problems" role="alert" aria-label="Problems of this node">
          {props.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      <label>
        Name
        <input
          value={node.name ?? ''}
          readOnly={props.readOnly}
          maxLength={200}
          onChange={(event) =>
            props.onChange(updateNode(graph, node.id, { name: event.target.value || undefined }))
          }
        />
      </label>
      {info && (
        <NodeConfigForm
          nodeId={node.id}
          schema={info.configSchema}
          config={config}
          readOnly={props.readOnly}
          onChange={setConfig}
        />
      )}
      {node.type === 'ai.extract' &&
        (props.testFileId ? (
          <FileLayout
            fileId={props.testFileId}
            usedLabels={usedLabels}
            readOnly={props.readOnly}
            onPick={pickCaption}
          />
        ) : (
          <p className="hint">
            Upload a test file below to pick the fields from the captions on its pages.
          </p>
        ))}
      {!node.type.startsWith('trigger.') && (
        <fieldset className="edges" disabled={props.readOnly}>
          <legend>Comes after</legend>
          <ul>
            {incoming.map(({ edge, index }) => (
              <li key={index}>
                {edge.from}
                {edge.branch ? ` (${edge.branch})` : ''}{' '}
                <button
                  type="button"
                  className="small"
                  onClick={() => props.onChange(removeEdge(graph, index))}
                >
                  Disconnect {edge.from}
                </button>
              </li>
            ))}
          </ul>
          <label>
            Connect from
            <select value={from} onChange={(event) => setFrom(event.target.value)}>
              <option value="">—</option>
              {graph.nodes
                .filter((candidate) => candidate.id !== node.id)
                .map((candidate) => (
                  <option key={candidate.id} value={candidate.id}>
                    {candidate.id}
                  </option>
                ))}
            </select>
          </label>
          {branches.length > 0 && (
            <label>
              Branch
              <select value={branch} onChange={(event) => setBranch(event.target.value)}>
                <option value="">—</option>
                {branches.map((name) => (
                  <option key={name}>{name}</option>
                ))}
              </select>
            </label>
          )}
          <button
            type="button"
            disabled={!from || (branches.length > 0 && !branch)}
            onClick={() => {
              props.onChange(addEdge(graph, { from, to: node.id, ...(branch ? { branch } : {}) }));
              setFrom('');
              setBranch('');
            }}
          >
            Connect
          </button>
        </fieldset>
      )}
      <button
        type="button"
        className="danger"
        disabled={props.readOnly}
        onClick={() => props.onChange(removeNode(graph, node.id), null)}
      >
        Remove node {node.id}
      </button>
    </section>
  );
}
