import {
  HostedHttpTransport,
  HostedModelException,
  HostedModelExceptionCode,
  OpenAiCompatibleProvider,
} from '@docket/document-intelligence';

import { NodeError } from '../node-error';
import { OutboundHttpClient } from '../outbound/outbound-http.client';
import type { HostedEngine } from './hosted-engine';
import type { HostedModelConfig } from './hosted-model.config';
import { Semaphore } from './semaphore';
import { TokenMeter } from './token-meter';

const DEFAULT_TIMEOUT_SECONDS = 60;

/**
 * The way AI nodes reach a hosted model, in a run and in a preview: through the outbound client
 * (https only, public addresses, bounded answers), with the API key the caller read from the
 * variables of an environment, and at most `concurrencyPerOrganization` calls in flight per
 * organization in this process, so one organization's burst neither starves the others nor
 * trips its provider's rate limit.
 */
export class HostedModelGate {
  private readonly slots = new Map<string, Semaphore>();

  constructor(
    private readonly http: OutboundHttpClient,
    private readonly concurrencyPerOrganization: number,
  ) {}

  engine(
    organizationId: string,
    settings: HostedModelConfig,
    apiKey: string,
  ): { engine: HostedEngine; meter: TokenMeter } {
    const provider = new OpenAiCompatibleProvider({
      baseUrl: settings.baseUrl,
      model: settings.model,
      apiKey,
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
      slots = new Semaphore(this.concurrencyPerOrganization);
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
