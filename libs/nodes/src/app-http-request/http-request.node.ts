import { isObject, only, url } from '../config/config-checks';
import { expression } from '../config/expression.check';
import { object, text } from '../config/json-schema';
import type { NodeDefinition } from '../node-definition';

const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export interface HttpRequestConfig {
  method: (typeof HTTP_METHODS)[number];
  url: string;
  /** The secret slot: values may hold `{{vars.NAME}}`, resolved only in the outgoing request. */
  headers?: Record<string, string>;
  /** JSONata expression for the JSON body. */
  body?: string;
}

export const APP_HTTP_REQUEST_NODE: NodeDefinition = {
  type: 'app.http-request',
  category: 'Apps',
  title: 'HTTP request',
  description: 'Calls an https API; header values may hold {{vars.NAME}}.',
  branches: [],
  secretSlots: ['headers'],
  configSchema: object(
    {
      method: text('Method', { enum: [...HTTP_METHODS], default: 'GET' }),
      url: text('URL (https)', { format: 'uri' }),
      headers: {
        type: 'object',
        title: 'Headers',
        additionalProperties: { type: 'string' },
      },
      body: text('Body (JSONata)'),
    },
    ['method', 'url'],
  ),
  configProblems: (c) => [
    ...only(c, ['method', 'url', 'headers', 'body']),
    ...(HTTP_METHODS.some((method) => method === c.method)
      ? []
      : [`method must be one of ${HTTP_METHODS.join(', ')}`]),
    ...url(c.url, 'url'),
    ...headers(c.headers),
    ...(c.body === undefined ? [] : expression(c.body, 'body')),
  ],
};

function headers(value: unknown): string[] {
  if (value === undefined) return [];
  if (!isObject(value)) return ['headers must be an object of header names to text values'];
  return Object.entries(value).flatMap(([name, text]) =>
    /^[A-Za-z0-9-]{1,100}$/.test(name) && typeof text === 'string' && text.length <= 4000
      ? []
      : [`header ${name} must have a token name and a text value`],
  );
}
