import { OutboundHttpClient } from '@docket/nodes';
import { Injectable } from '@nestjs/common';

import type { NodeOutcome } from '../../workflows/flow-activities.types';
import { evaluateExpression } from '../expressions/expression-evaluator';
import { expressionScope } from '../expressions/expression-scope';
import { NodeError } from '../node-error';
import type { NodeContext, NodeExecutor } from '../node-executor';

/** app.http-request: a generic call under the same outbound rules as write-back. */
@Injectable()
export class HttpRequestExecutor implements NodeExecutor<'app.http-request'> {
  readonly types = ['app.http-request'] as const;
  readonly recordsStart = true;

  constructor(private readonly http: OutboundHttpClient) {}

  async execute({
    execution,
    config: request,
  }: NodeContext<'app.http-request'>): Promise<NodeOutcome> {
    const body =
      request.body === undefined
        ? undefined
        : JSON.stringify(await evaluateExpression(request.body, expressionScope(execution.data)));
    const response = await this.http.send({
      method: request.method,
      url: request.url,
      headers: {
        ...(request.headers ?? {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body,
    });
    if (response.status >= 500 || response.status === 429 || response.status === 408) {
      throw new NodeError('HTTP_REQUEST_FAILED', `The endpoint answered ${response.status}`, true);
    }
    return { output: { status: response.status, body: parseBody(response.body) } };
  }
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
