/**
 * The flow definition: one trigger and connected nodes, as JSON. Plain types only, so the
 * worker's deterministic workflow code can import them (type-only) without pulling in
 * validation or infrastructure. The flows service validates a graph on every draft save
 * (flow-graph.validator in apps/flows); the worker interprets a published snapshot.
 */

import type { AiClassifyMethod } from './ai.classify.v1';

export const TRIGGER_NODE_TYPES = ['trigger.api', 'trigger.file', 'trigger.schedule'] as const;
export const AI_NODE_TYPES = ['ai.classify', 'ai.split', 'ai.extract', 'ai.summarize'] as const;
export const CONTROL_NODE_TYPES = ['control.route', 'control.for-each', 'control.join'] as const;
export const UTILITY_NODE_TYPES = ['utility.transform', 'utility.delay'] as const;
export const ACTION_NODE_TYPES = ['action.review', 'action.matching', 'action.write-back'] as const;
export const APP_NODE_TYPES = ['app.http-request'] as const;

export const NODE_TYPES = [
  ...TRIGGER_NODE_TYPES,
  ...AI_NODE_TYPES,
  ...CONTROL_NODE_TYPES,
  ...UTILITY_NODE_TYPES,
  ...ACTION_NODE_TYPES,
  ...APP_NODE_TYPES,
] as const;

export type TriggerNodeType = (typeof TRIGGER_NODE_TYPES)[number];
export type AiNodeType = (typeof AI_NODE_TYPES)[number];
export type NodeType = (typeof NODE_TYPES)[number];

/** The builder's categories (specification: Triggers, Apps, Utilities, Actions, Controls, AI). */
export const NODE_CATEGORIES: Record<NodeType, string> = {
  'trigger.api': 'Triggers',
  'trigger.file': 'Triggers',
  'trigger.schedule': 'Triggers',
  'ai.classify': 'AI intelligence',
  'ai.split': 'AI intelligence',
  'ai.extract': 'AI intelligence',
  'ai.summarize': 'AI intelligence',
  'control.route': 'Controls',
  'control.for-each': 'Controls',
  'control.join': 'Controls',
  'utility.transform': 'Utilities',
  'utility.delay': 'Utilities',
  'action.review': 'Actions',
  'action.matching': 'Actions',
  'action.write-back': 'Actions',
  'app.http-request': 'Apps',
};

export interface FlowNode {
  /** Unique within the graph; letters, digits, `-` and `_`. */
  id: string;
  type: NodeType;
  /** Shown in the builder and in execution steps; defaults to the id. */
  name?: string;
  config?: Record<string, unknown>;
}

export interface FlowEdge {
  from: string;
  to: string;
  /**
   * Which outcome of a branching node this edge follows: a route branch name (or `default`),
   * `submitted` / `timeout` of a review, `body` / `done` of a for-each. Absent on plain edges.
   */
  branch?: string;
}

export interface FlowGraph {
  nodes: FlowNode[];
  edges: FlowEdge[];
}

export function isTriggerType(type: string): type is TriggerNodeType {
  return type.startsWith('trigger.');
}

export function isAiType(type: string): type is AiNodeType {
  return type.startsWith('ai.');
}

/**
 * Node configuration, per type. Variable values reach a node only through its secret slots
 * (SECRET_SLOTS in variable-slots.ts): `{{vars.NAME}}` in the header values of an http request.
 */
export interface FileTriggerConfig {
  /** Only files uploaded with this category start a run; absent = every READY file. */
  category?: string;
}

export interface ScheduleTriggerConfig {
  /** Five-field cron expression, evaluated by a Temporal schedule. */
  cron: string;
  input?: Record<string, unknown>;
}

export interface RouteConfig {
  /** Evaluated in order; the first JSONata condition that is truthy names the branch. */
  routes: Array<{ branch: string; when: string }>;
}

export interface ForEachConfig {
  /** JSONata expression yielding the array to iterate; default `documents`. */
  items?: string;
}

export interface TransformConfig {
  /** JSONata expression over the run's data; its result is the node output. */
  expression: string;
}

export interface DelayConfig {
  seconds: number;
}

export interface ReviewConfig {
  /** Without a timeout the run waits for the reviewer indefinitely. */
  timeoutSeconds?: number;
  instructions?: string;
}

export interface WriteBackConfig {
  /** https URL (plain http only to loopback, only in test configuration). */
  url: string;
  /** Name of the variable holding the HMAC-SHA256 signing secret. */
  secretVariable: string;
}

export interface HttpRequestConfig {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  /** The secret slot: values may hold `{{vars.NAME}}`, resolved only in the outgoing request. */
  headers?: Record<string, string>;
  /** JSONata expression for the JSON body. */
  body?: string;
}

/** A document class: matched by keywords and regular expressions (the engine's rules method). */
export interface ClassDefinitionConfig {
  label: string;
  description?: string;
  keywords?: Array<string | { term: string; weight?: number }>;
  patterns?: Array<string | { pattern: string; weight?: number }>;
}

export interface ClassifyConfig {
  classes: ClassDefinitionConfig[];
  /** Below this the document stays unclassified. Default 0.5. */
  minConfidence?: number;
  /**
   * rules (keywords and patterns) and/or model (the project's classifier learned from reviewers'
   * confirmations, skipped until it knows two classes). Default both, in runs and previews.
   */
  methods?: AiClassifyMethod[];
  /** A hosted model that decides too ("fallback": only when the methods leave no class). */
  hosted?: HostedModelConfig;
}

export const HOSTED_MODEL_MODES = ['fallback', 'primary'] as const;
export type HostedModelMode = (typeof HOSTED_MODEL_MODES)[number];

/**
 * Bring your own model: an OpenAI-compatible chat-completions endpoint (Azure OpenAI, vLLM,
 * Ollama, ...) that ai.classify and ai.extract use in runs. The API key is a variable, named
 * here (the node's secret slot, like write-back's secretVariable), never written in the flow.
 */
export interface HostedModelConfig {
  /** Up to and including the version path, e.g. https://llm.example.com/v1. */
  baseUrl: string;
  model: string;
  /** Name of the variable holding the API key (sent as `Authorization: Bearer`). */
  apiKeyVariable: string;
  /** fallback (default): rules and layout memory first, the model fills what they leave. */
  mode?: HostedModelMode;
  /** One call's budget; default 60. */
  timeoutSeconds?: number;
}

export interface SplitConfig {
  /** Classes that help find where one document ends and the next begins. */
  classes?: ClassDefinitionConfig[];
}

/**
 * ai.extract: field definitions of the document-intelligence engine (key, type, label,
 * synonyms, patterns, required, confidenceThreshold, scope, validation rules, options,
 * columns, fields), plus cross-field rules. Fields that fail validation or fall under their
 * confidence threshold are flagged for review.
 */
export interface ExtractConfig {
  fields: Array<{ key: string; type: string } & Record<string, unknown>>;
  crossFieldRules?: Array<Record<string, unknown>>;
  defaultConfidenceThreshold?: number;
  /** A hosted model that fills what rules and layout memory leave, or reads everything. */
  hosted?: HostedModelConfig;
}

export interface SummarizeConfig {
  /** Per-class summary and insight templates, `{field}` placeholders. */
  templates?: Record<string, { summary?: string; insight?: string }>;
  classNames?: Record<string, string>;
  /** A hosted model writes the summary: always ("primary") or where no template applies. */
  hosted?: HostedModelConfig;
}

export interface MatchingConfig {
  /** A CSV file (header row) uploaded through POST /files, used as the reference table... */
  referenceFileId?: string;
  /** ...or the reference rows inline (at most 1000); exactly one of the two. */
  rows?: Array<Record<string, string>>;
  /** Which extracted field is compared with which column. */
  match: Array<{ field: string; column: string }>;
  /** Minimum score (0..1) for a match to count. */
  threshold?: number;
}
