import { createHmac } from 'node:crypto';

import type { ReviewSubmittedSignal } from '@docket/contracts';
import { OutboundHttpClient } from '@docket/nodes';
import { Injectable } from '@nestjs/common';

import { RunItemClient } from '../../services/run-item.client';
import type { NodeExecution, NodeOutcome } from '../../workflows/flow-activities.types';
import { NodeError } from '../node-error';
import type { NodeContext, NodeExecutor } from '../node-executor';

export const SIGNATURE_HEADER = 'X-Docket-Signature';
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/**
 * action.write-back: POSTs the item's data to the configured endpoint, signed with
 * HMAC-SHA256 (`X-Docket-Signature: t=<unix seconds>,v1=<hex of HMAC(secret, "<t>.<body>")>`)
 * and carrying an idempotency key that is stable across retries of this step, so a receiver
 * can drop repeats. Test (draft) runs only record what they would send.
 */
@Injectable()
export class WriteBackExecutor implements NodeExecutor<'action.write-back'> {
  readonly types = ['action.write-back'] as const;
  readonly recordsStart = true;

  constructor(
    private readonly http: OutboundHttpClient,
    private readonly items: RunItemClient,
  ) {}

  async execute({
    execution,
    config,
    secrets,
  }: NodeContext<'action.write-back'>): Promise<NodeOutcome> {
    const { url, secretVariable } = config;
    const secret = secrets.get(secretVariable);
    const idempotencyKey = `${execution.run.executionId}:${execution.stepKey}`;
    const body = JSON.stringify(await this.payload(execution));
    const timestamp = Math.floor(Date.now() / 1000);
    const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
    const headers = {
      'content-type': 'application/json',
      [IDEMPOTENCY_HEADER]: idempotencyKey,
      [SIGNATURE_HEADER]: `t=${timestamp},v1=${signature}`,
      'X-Docket-Execution-Id': execution.run.executionId,
    };
    if (execution.run.test) {
      return { output: { sent: false, test: true, url, idempotencyKey, body: JSON.parse(body) } };
    }
    const response = await this.http.send({ method: 'POST', url, headers, body });
    if (response.status >= 200 && response.status < 300) {
      return { output: { sent: true, status: response.status, idempotencyKey } };
    }
    const retryable = response.status >= 500 || response.status === 408 || response.status === 429;
    throw new NodeError(
      retryable ? 'WRITE_BACK_FAILED' : 'WRITE_BACK_REJECTED',
      `The endpoint answered ${response.status}`,
      retryable,
    );
  }

  /** The item's data: its current fields (after review: as the reviewer left them). */
  private async payload(execution: NodeExecution): Promise<Record<string, unknown>> {
    const { run, data } = execution;
    const fields = run.itemId
      ? (await this.items.fields(run, run.itemId)).map((field) => ({
          key: field.key,
          type: field.type,
          value: field.value,
          documentId: field.documentId ?? null,
        }))
      : [];
    const review = data.review as Partial<ReviewSubmittedSignal> | undefined;
    return {
      executionId: run.executionId,
      flowId: run.flowId,
      flowVersion: run.version,
      projectId: run.projectId,
      itemId: run.itemId,
      input: data.input,
      fields,
      review: review
        ? {
            reviewId: review.reviewId,
            reviewer: review.reviewer,
            submittedAt: review.submittedAt,
            // Fields the reviewer checked and accepted as they were: who and when.
            acceptedFields: (review.fields ?? []).flatMap((field) =>
              field.accepted
                ? [{ key: field.key, documentId: field.documentId, ...field.accepted }]
                : [],
            ),
          }
        : null,
    };
  }
}
