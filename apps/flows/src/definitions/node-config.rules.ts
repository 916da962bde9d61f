import {
  AI_CLASSIFY_METHODS,
  HOSTED_MODEL_MODES,
  misplacedVariableReferences,
  NodeType,
  SECRET_SLOTS,
  VARIABLE_NAME_PATTERN,
} from '@docket/contracts';
import { isUUID } from 'class-validator';
import jsonata from 'jsonata';

/**
 * What a valid configuration is, per node type. Each rule returns the problems it finds, as
 * sentences that name the setting, so the builder can show them next to the node.
 */
type Config = Record<string, unknown>;
type Rule = (config: Config) => string[];

const MAX_EXPRESSION_LENGTH = 10_000;
const BRANCH_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;
const FIELD_KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_.-]{0,99}$/;
const FIELD_TYPES = ['string', 'number', 'money', 'date', 'boolean', 'enum'];
const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const MAX_DELAY_SECONDS = 7 * 24 * 3600;
const MAX_REVIEW_TIMEOUT_SECONDS = 90 * 24 * 3600;
const MAX_HOSTED_TIMEOUT_SECONDS = 300;
const MAX_MODEL_NAME_LENGTH = 200;

const RULES: Record<NodeType, Rule> = {
  'trigger.api': (c) => only(c, []),
  'trigger.file': (c) => [...only(c, ['category']), ...optionalText(c, 'category', 64)],
  'trigger.schedule': (c) => [
    ...only(c, ['cron', 'input']),
    ...cron(c.cron),
    ...(c.input !== undefined && !isObject(c.input) ? ['input must be an object'] : []),
  ],
  'ai.classify': (c) => [
    ...only(c, ['classes', 'minConfidence', 'methods', 'hosted']),
    ...classes(c.classes),
    ...optionalNumber(c, 'minConfidence', 0, 1),
    ...classifyMethods(c.methods),
    ...hostedModel(c.hosted),
  ],
  'ai.split': (c) => [
    ...only(c, ['classes']),
    ...(c.classes === undefined ? [] : classes(c.classes)),
  ],
  'ai.extract': (c) => [
    ...only(c, ['fields', 'crossFieldRules', 'defaultConfidenceThreshold', 'hosted']),
    ...hostedModel(c.hosted),
    ...extractFields(c.fields),
    ...(c.crossFieldRules === undefined ||
    (Array.isArray(c.crossFieldRules) && c.crossFieldRules.every(isObject))
      ? []
      : ['crossFieldRules must be a list of rules']),
    ...optionalNumber(c, 'defaultConfidenceThreshold', 0, 1),
  ],
  'ai.summarize': (c) => [
    ...only(c, ['templates', 'classNames', 'hosted']),
    ...hostedModel(c.hosted),
    ...(c.templates === undefined || isObject(c.templates)
      ? []
      : ['templates must map class labels to templates']),
    ...(c.classNames === undefined || isObject(c.classNames)
      ? []
      : ['classNames must map class labels to names']),
  ],
  'control.route': (c) => [...only(c, ['routes']), ...routes(c.routes)],
  'control.for-each': (c) => [
    ...only(c, ['items']),
    ...(c.items === undefined ? [] : expression(c.items, 'items')),
  ],
  'control.join': (c) => only(c, []),
  'utility.transform': (c) => [
    ...only(c, ['expression']),
    ...expression(c.expression, 'expression'),
  ],
  'utility.delay': (c) => [
    ...only(c, ['seconds']),
    ...integer(c.seconds, 'seconds', 1, MAX_DELAY_SECONDS),
  ],
  'action.review': (c) => [
    ...only(c, ['timeoutSeconds', 'instructions']),
    ...optionalInteger(c, 'timeoutSeconds', 60, MAX_REVIEW_TIMEOUT_SECONDS),
    ...optionalText(c, 'instructions', 2000),
  ],
  'action.matching': (c) => [
    ...only(c, ['referenceFileId', 'rows', 'match', 'threshold']),
    ...referenceTable(c),
    ...matchPairs(c.match),
    ...optionalNumber(c, 'threshold', 0, 1),
  ],
  'action.write-back': (c) => [
    ...only(c, ['url', 'secretVariable']),
    ...url(c.url, 'url'),
    ...(typeof c.secretVariable === 'string' && VARIABLE_NAME_PATTERN.test(c.secretVariable)
      ? []
      : ['secretVariable must name the variable that holds the signing secret']),
  ],
  'app.http-request': (c) => [
    ...only(c, ['method', 'url', 'headers', 'body']),
    ...(HTTP_METHODS.includes(String(c.method))
      ? []
      : [`method must be one of ${HTTP_METHODS.join(', ')}`]),
    ...url(c.url, 'url'),
    ...headers(c.headers),
    ...(c.body === undefined ? [] : expression(c.body, 'body')),
  ],
};

export function nodeConfigProblems(type: NodeType, config: Config | undefined): string[] {
  return [...RULES[type](config ?? {}), ...variablePlacement(type, config)];
}

/** Variable values go only into secret slots; anywhere else they could be echoed or derived. */
function variablePlacement(type: NodeType, config: Config | undefined): string[] {
  const slots = SECRET_SLOTS[type];
  const allowed = slots
    ? `only in ${slots.join(', ')}`
    : 'only in the headers of an app.http-request node';
  return misplacedVariableReferences(type, config).map(
    (path) => `${path} must not reference a variable: {{vars.NAME}} is allowed ${allowed}`,
  );
}

/** Branches a route node can take: its named routes and `default`. */
export function routeBranches(config: Config | undefined): string[] {
  const list = Array.isArray(config?.routes) ? (config.routes as Array<{ branch?: unknown }>) : [];
  return [...list.map((route) => String(route.branch)), 'default'];
}

function only(config: Config, allowed: string[]): string[] {
  return Object.keys(config)
    .filter((key) => !allowed.includes(key))
    .map((key) => `unknown setting ${key}`);
}

function isObject(value: unknown): value is Config {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function optionalText(config: Config, key: string, max: number): string[] {
  const value = config[key];
  if (value === undefined) return [];
  return typeof value === 'string' && value.length >= 1 && value.length <= max
    ? []
    : [`${key} must be text of 1 to ${max} characters`];
}

function integer(value: unknown, key: string, min: number, max: number): string[] {
  return Number.isInteger(value) && (value as number) >= min && (value as number) <= max
    ? []
    : [`${key} must be a whole number from ${min} to ${max}`];
}

function optionalInteger(config: Config, key: string, min: number, max: number): string[] {
  return config[key] === undefined ? [] : integer(config[key], key, min, max);
}

function optionalNumber(config: Config, key: string, min: number, max: number): string[] {
  const value = config[key];
  if (value === undefined) return [];
  return typeof value === 'number' && value >= min && value <= max
    ? []
    : [`${key} must be a number from ${min} to ${max}`];
}

export function expression(value: unknown, key: string): string[] {
  if (typeof value !== 'string' || value.trim() === '')
    return [`${key} must be a JSONata expression`];
  if (value.length > MAX_EXPRESSION_LENGTH) {
    return [`${key} is longer than ${MAX_EXPRESSION_LENGTH} characters`];
  }
  try {
    return readsVariables(jsonata(value).ast())
      ? [`${key} must not read $vars: variable values are not readable by expressions`]
      : [];
  } catch (error) {
    return [
      `${key} is not a valid expression: ${(error as { message?: string }).message ?? 'syntax error'}`,
    ];
  }
}

/** Whether a parsed expression names the variable `$vars` anywhere (JSONata's AST). */
function readsVariables(node: unknown, seen = new Set<unknown>()): boolean {
  if (!node || typeof node !== 'object' || seen.has(node)) return false;
  seen.add(node);
  const record = node as Record<string, unknown>;
  if (record.type === 'variable' && record.value === 'vars') return true;
  return Object.values(record).some((child) => readsVariables(child, seen));
}

function url(value: unknown, key: string): string[] {
  if (typeof value !== 'string') return [`${key} must be an absolute https URL`];
  try {
    const parsed = new URL(value);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
      return [`${key} must use https`];
    }
    if (parsed.username || parsed.password) return [`${key} must not carry credentials`];
    return [];
  } catch {
    return [`${key} must be an absolute https URL`];
  }
}

function headers(value: unknown): string[] {
  if (value === undefined) return [];
  if (!isObject(value)) return ['headers must be an object of header names to text values'];
  return Object.entries(value).flatMap(([name, text]) =>
    /^[A-Za-z0-9-]{1,100}$/.test(name) && typeof text === 'string' && text.length <= 4000
      ? []
      : [`header ${name} must have a token name and a text value`],
  );
}

/** Five fields, each `*`, a number, a range, a list or a step, as a Temporal schedule reads it. */
/** A hosted model's endpoint, model and the variable holding its key (the node's secret slot). */
function hostedModel(value: unknown): string[] {
  if (value === undefined) return [];
  if (!isObject(value)) return ['hosted must be an object {baseUrl, model, apiKeyVariable, mode?}'];
  return [
    ...only(value, ['baseUrl', 'model', 'apiKeyVariable', 'mode', 'timeoutSeconds']).map(
      (problem) => `hosted: ${problem}`,
    ),
    ...url(value.baseUrl, 'hosted.baseUrl'),
    ...(typeof value.model === 'string' &&
    value.model.length >= 1 &&
    value.model.length <= MAX_MODEL_NAME_LENGTH
      ? []
      : [`hosted.model must be text of 1 to ${MAX_MODEL_NAME_LENGTH} characters`]),
    ...(typeof value.apiKeyVariable === 'string' && VARIABLE_NAME_PATTERN.test(value.apiKeyVariable)
      ? []
      : ['hosted.apiKeyVariable must name the variable that holds the API key']),
    ...(value.mode === undefined || HOSTED_MODEL_MODES.some((mode) => mode === value.mode)
      ? []
      : [`hosted.mode must be one of ${HOSTED_MODEL_MODES.join(', ')}`]),
    ...(value.timeoutSeconds === undefined
      ? []
      : integer(value.timeoutSeconds, 'hosted.timeoutSeconds', 1, MAX_HOSTED_TIMEOUT_SECONDS)),
  ];
}

/** Which classifiers decide: each of rules and model at most once, at least one. */
function classifyMethods(value: unknown): string[] {
  if (value === undefined) return [];
  const known: readonly unknown[] = AI_CLASSIFY_METHODS;
  return Array.isArray(value) &&
    value.length >= 1 &&
    value.every((method) => known.includes(method)) &&
    new Set(value).size === value.length
    ? []
    : [`methods must list one or more of ${AI_CLASSIFY_METHODS.join(', ')}, each once`];
}

function cron(value: unknown): string[] {
  if (typeof value !== 'string') return ['cron must be a five-field cron expression'];
  const fields = value.trim().split(/\s+/);
  const part = /^(\*|\d{1,2}(-\d{1,2})?)(\/\d{1,2})?$/;
  const ok =
    fields.length === 5 && fields.every((field) => field.split(',').every((p) => part.test(p)));
  return ok ? [] : ['cron must be a five-field cron expression, e.g. "0 7 * * 1-5"'];
}

function classes(value: unknown): string[] {
  if (!Array.isArray(value) || value.length < 1 || value.length > 50) {
    return ['classes must list 1 to 50 document classes'];
  }
  const problems = value.flatMap((entry, index) => {
    const at = `classes[${index}]`;
    if (!isObject(entry)) return [`${at} must be an object`];
    const found = only(entry, ['label', 'description', 'keywords', 'patterns']).map(
      (p) => `${at}: ${p}`,
    );
    if (
      typeof entry.label !== 'string' ||
      !/^[A-Za-z0-9][A-Za-z0-9 _.-]{0,63}$/.test(entry.label)
    ) {
      found.push(`${at}.label must be 1-64 letters, digits, spaces, _ . or -`);
    }
    const terms = (list: unknown, key: 'term' | 'pattern') =>
      list === undefined ||
      (Array.isArray(list) &&
        list.length <= 200 &&
        list.every(
          (t) =>
            (typeof t === 'string' && t.length > 0) || (isObject(t) && typeof t[key] === 'string'),
        ));
    if (!terms(entry.keywords, 'term'))
      found.push(`${at}.keywords must be up to 200 words, phrases or {term, weight}`);
    if (!terms(entry.patterns, 'pattern'))
      found.push(`${at}.patterns must be up to 200 regular expressions`);
    for (const pattern of Array.isArray(entry.patterns) ? entry.patterns : []) {
      const source = typeof pattern === 'string' ? pattern : (pattern as Config).pattern;
      if (!isRegExp(source))
        found.push(`${at}.patterns: ${String(source)} is not a valid regular expression`);
    }
    return found;
  });
  const labels = value.map((entry) => (entry as Config)?.label);
  return new Set(labels).size === labels.length
    ? problems
    : [...problems, 'class labels must be unique'];
}

function extractFields(value: unknown): string[] {
  if (!Array.isArray(value) || value.length < 1 || value.length > 200) {
    return ['fields must list 1 to 200 fields'];
  }
  const problems = value.flatMap((entry, index) =>
    fieldDefinition(entry, `fields[${index}]`, true),
  );
  const keys = value.map((entry) => (entry as Config)?.key);
  return new Set(keys).size === keys.length ? problems : [...problems, 'field keys must be unique'];
}

/** Settings every field definition may carry; their effect is documented in docs/api-guide.md. */
const FIELD_SETTINGS = [
  'key',
  'type',
  'label',
  'synonyms',
  'description',
  'patterns',
  'required',
  'confidenceThreshold',
  'scope',
  'validation',
];
/** Settings that only mean something for one field type. */
const TYPE_SETTINGS: Record<string, string[]> = {
  string: ['normalise', 'extraLines'],
  number: ['decimals'],
  money: ['defaultCurrency'],
  date: ['dateOrder'],
  boolean: ['trueValues', 'falseValues'],
  enum: ['options'],
  table: ['columns', 'stopLabels', 'minHeaderMatches'],
  object: ['fields'],
};

function textList(entry: Config, name: string, at: string): string[] {
  const value = entry[name];
  if (value === undefined) return [];
  return Array.isArray(value) && value.every((v) => typeof v === 'string' && v.length <= 200)
    ? []
    : [`${at}.${name} must be a list of texts of at most 200 characters`];
}

/** The engine's field definition, checked where a mistake would only surface at run time. */
function fieldDefinition(entry: unknown, at: string, nested: boolean): string[] {
  if (!isObject(entry)) return [`${at} must be an object`];
  const found: string[] = only(entry, [
    ...FIELD_SETTINGS,
    ...(TYPE_SETTINGS[String(entry.type ?? 'string')] ?? []),
  ]).map((problem) => `${at}: ${problem}`);
  found.push(...optionalText(entry, 'label', 200).map((p) => `${at}.${p}`));
  found.push(...optionalText(entry, 'description', 2000).map((p) => `${at}.${p}`));
  found.push(...textList(entry, 'synonyms', at));
  if (typeof entry.key !== 'string' || !FIELD_KEY_PATTERN.test(entry.key)) {
    found.push(`${at}.key must be 1-100 letters, digits, _ . or -`);
  }
  const types = nested ? [...FIELD_TYPES, 'table', 'object'] : FIELD_TYPES;
  // A table column may leave its type out ({key, label}): it is then a string column.
  const typeOptional = /\.columns\[\d+\]$/.test(at);
  if (!(typeOptional && entry.type === undefined) && !types.includes(String(entry.type)))
    found.push(`${at}.type must be one of ${types.join(', ')}`);
  if (entry.scope !== undefined && entry.scope !== 'document' && entry.scope !== 'item') {
    found.push(`${at}.scope must be document or item`);
  }
  if (entry.required !== undefined && typeof entry.required !== 'boolean') {
    found.push(`${at}.required must be true or false`);
  }
  found.push(...optionalNumber(entry, 'confidenceThreshold', 0, 1).map((p) => `${at}.${p}`));
  for (const pattern of Array.isArray(entry.patterns) ? entry.patterns : []) {
    if (!isRegExp(pattern))
      found.push(`${at}.patterns: ${String(pattern)} is not a valid regular expression`);
  }
  if (entry.type === 'enum' && !(Array.isArray(entry.options) && entry.options.length > 0)) {
    found.push(`${at}.options must list the allowed values of an enum field`);
  }
  if (entry.type === 'table') {
    if (!Array.isArray(entry.columns) || entry.columns.length === 0)
      found.push(`${at}.columns must list the table columns`);
    else
      entry.columns.forEach((column, i) =>
        found.push(...fieldDefinition(column, `${at}.columns[${i}]`, false)),
      );
  }
  if (entry.type === 'object') {
    if (!Array.isArray(entry.fields) || entry.fields.length === 0)
      found.push(`${at}.fields must list the sub-fields`);
    else
      entry.fields.forEach((field, i) =>
        found.push(...fieldDefinition(field, `${at}.fields[${i}]`, false)),
      );
  }
  return found;
}

function isRegExp(source: unknown): boolean {
  if (typeof source !== 'string') return false;
  try {
    new RegExp(source);
    return true;
  } catch {
    return false;
  }
}

function routes(value: unknown): string[] {
  if (!Array.isArray(value) || value.length < 1 || value.length > 20) {
    return ['routes must list 1 to 20 routes'];
  }
  const problems = value.flatMap((entry, index) => {
    const route = entry as Config;
    const branchOk =
      typeof route?.branch === 'string' &&
      BRANCH_PATTERN.test(route.branch) &&
      route.branch !== 'default';
    return [
      ...(branchOk ? [] : [`routes[${index}].branch must be a lower-case name other than default`]),
      ...expression(route?.when, `routes[${index}].when`),
    ];
  });
  const branches = value.map((entry) => (entry as Config)?.branch);
  return new Set(branches).size === branches.length
    ? problems
    : [...problems, 'route branches must be unique'];
}

function referenceTable(config: Config): string[] {
  const byFile = config.referenceFileId !== undefined;
  const inline = config.rows !== undefined;
  if (byFile === inline) return ['give exactly one of referenceFileId or rows'];
  if (byFile) {
    return isUUID(config.referenceFileId, '4')
      ? []
      : ['referenceFileId must be the UUID of an uploaded CSV file'];
  }
  const rows = config.rows;
  const valid =
    Array.isArray(rows) &&
    rows.length >= 1 &&
    rows.length <= 1000 &&
    rows.every((row) => isObject(row) && Object.values(row).every((v) => typeof v === 'string'));
  return valid ? [] : ['rows must be 1 to 1000 objects of column names to text'];
}

function matchPairs(value: unknown): string[] {
  if (!Array.isArray(value) || value.length < 1 || value.length > 20) {
    return ['match must list 1 to 20 field/column pairs'];
  }
  return value.flatMap((entry, index) => {
    const pair = entry as Config;
    return typeof pair?.field === 'string' &&
      pair.field &&
      typeof pair?.column === 'string' &&
      pair.column
      ? []
      : [`match[${index}] must name a field and a column`];
  });
}
