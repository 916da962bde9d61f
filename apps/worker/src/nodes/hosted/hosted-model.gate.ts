import {
  HostedHttpTransport,
  HostedModelException,
  HostedModelExceptionCode,
  OpenAiCompatibleProvider,
} from '@docket/document-intelligence';
import { HostedEngine, type HostedModelConfig, TokenMeter } from '@docket/nodes';
import { Injectable } from '@nestjs/common';

import type { RunSecrets } from '../../secrets/run-secrets';
import { WorkerConfig } from '../../worker.config';
import { NodeError } from '../node-error';
import { OutboundHttpClient } from '../outbound/outbound-http.client';
import { Semaphore } from './semaphore';

const DEFAULT_TIMEOUT_SECONDS = 60;

/**
 * The way AI nodes reach a hosted model: through the outbound client (https only, public
 * addresses, bounded answers), with the API key from the run's variables and at most
 * `hostedModelConcurrency` calls in flight per organization in this process, so one
 * organization's burst neither starves the others nor trips its provider's rate limit.
 */
@Injectable()
export class HostedModelGate {
  private readonly slots = new Map<string, Semaphore>();

  constructor(
    private readonly http: OutboundHttpClient,
    private readonly config: WorkerConfig,
  ) {}

  engine(
    organizationId: string,
    settings: HostedModelConfig,
    secrets: RunSecrets,
  ): { engine: HostedEngine; meter: TokenMeter } {
    const provider = new OpenAiCompatibleProvider({
      baseUrl: settings.baseUrl,
      model: settings.model,
      apiKey: secrets.get(settings.apiKeyVariable),
      timeoutMs: (settings.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS) * 1000,
      temperature: 0,
      transport: this.transport(organizationId),
    });
    const meter = new TokenMeter(provider);
    return { engine: { provider: meter, mode: settings.mode ?? 'fallback' }, meter };
  }

  private transport(organizationId: string): HostedHttpTransport {
    return async ({ url, headers, body, timeoutMs }) => {
      const slots = this.slotsOf(organizationId);
      await slots.acquire();
      try {
        const response = await this.http.send({
          method: 'POST',
          url,
          headers: { ...headers },
          body,
          timeoutMs,
        });
        return {
          status: response.status,
          retryAfter: response.headers['retry-after'] ?? null,
          text: response.body,
        };
      } catch (error) {
        throw error instanceof NodeError ? transportFailure(error) : error;
      } finally {
        slots.release();
      }
    };
  }

  private slotsOf(organizationId: string): Semaphore {
    let slots = this.slots.get(organizationId);
    if (!slots) {
      slots = new Semaphore(this.config.hostedModelConcurrency);
      this.slots.set(organizationId, slots);
    }
    return slots;
  }
}

/** The outbound client's refusals and failures in the provider's terms (what to retry). */
function transportFailure(error: NodeError): HostedModelException {
  const code =
    error.code === 'TARGET_TIMEOUT'
      ? HostedModelExceptionCode.TIMEOUT
      : error.code === 'TARGET_UNREACHABLE'
        ? HostedModelExceptionCode.NETWORK
        : HostedModelExceptionCode.BAD_REQUEST;
  return new HostedModelException(error.message, code, { cause: error });
}

/**
 * A hosted model's failure as the node's: timeouts, 429, 5xx and malformed answers are retried
 * by the activity's retry policy; a refused key, a bad request or a truncated answer are not.
 */
export function hostedModelFailure(error: unknown): unknown {
  if (!(error instanceof HostedModelException)) return error;
  return new NodeError(
    `HOSTED_MODEL_${error.code}`,
    `The hosted model failed: ${error.message}`,
    error.retryable,
  );
}
