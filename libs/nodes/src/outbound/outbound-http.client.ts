import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';

import { NodeError } from '../node-error';
import { classifyAddress } from './address-policy';
import type { OutboundConfig } from './outbound.config';

/** What the client needs of its service's settings. */
export type OutboundPolicy = Pick<
  OutboundConfig,
  'outboundTimeoutMs' | 'outboundMaxResponseBytes' | 'loopbackHttpAllowed'
>;

export interface OutboundRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** A shorter or longer budget than the default (a hosted model's configured timeout). */
  timeoutMs?: number;
}

export interface OutboundResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * The only way nodes reach the outside world. Rules (DESIGN.md §6): https only; the host must
 * resolve to public addresses only, and the connection goes to the address that was checked
 * (no second resolution to rebind); redirects are not followed; time and response size are
 * bounded. The one exception, plain http to loopback, exists only in test configuration, for
 * local test receivers.
 */
export class OutboundHttpClient {
  constructor(private readonly config: OutboundPolicy) {}

  async send(request: OutboundRequest): Promise<OutboundResponse> {
    const url = this.parse(request.url);
    const address = await this.resolve(url);
    const transport = url.protocol === 'https:' ? https : http;
    const timeoutMs = request.timeoutMs ?? this.config.outboundTimeoutMs;
    const pinned: LookupFunction = (_host, options, callback) => {
      if (options.all) callback(null, [{ address: address.address, family: address.family }]);
      else callback(null, address.address, address.family);
    };
    return new Promise<OutboundResponse>((resolve, reject) => {
      const outgoing = transport.request(
        url,
        {
          method: request.method,
          headers: {
            ...request.headers,
            ...(request.body !== undefined
              ? { 'content-length': String(Buffer.byteLength(request.body)) }
              : {}),
          },
          lookup: pinned,
          timeout: timeoutMs,
          agent: false,
        },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > this.config.outboundMaxResponseBytes) {
              response.destroy();
              reject(
                new NodeError(
                  'RESPONSE_TOO_LARGE',
                  `The response exceeded ${this.config.outboundMaxResponseBytes} bytes`,
                ),
              );
              return;
            }
            chunks.push(chunk);
          });
          response.on('end', () => {
            const status = response.statusCode ?? 0;
            if (status >= 300 && status < 400) {
              reject(
                new NodeError(
                  'REDIRECT_REFUSED',
                  `The target answered ${status}; redirects are not followed`,
                ),
              );
              return;
            }
            resolve({
              status,
              headers: Object.fromEntries(
                Object.entries(response.headers).map(([k, v]) => [
                  k,
                  Array.isArray(v) ? v.join(', ') : String(v),
                ]),
              ),
              body: Buffer.concat(chunks).toString('utf8'),
            });
          });
          response.on('error', (error) => reject(networkError(error)));
        },
      );
      // A deadline for the whole exchange, not only for idle sockets.
      const deadline = setTimeout(() => outgoing.destroy(new Error('deadline')), timeoutMs);
      outgoing.on('close', () => clearTimeout(deadline));
      outgoing.on('timeout', () => outgoing.destroy(new Error('deadline')));
      outgoing.on('error', (error) => reject(networkError(error)));
      if (request.body !== undefined) outgoing.write(request.body);
      outgoing.end();
    });
  }

  private parse(raw: string): URL {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new NodeError('TARGET_NOT_ALLOWED', 'The target URL is not a valid absolute URL');
    }
    if (url.username || url.password) {
      throw new NodeError('TARGET_NOT_ALLOWED', 'The target URL must not carry credentials');
    }
    if (
      url.protocol !== 'https:' &&
      !(url.protocol === 'http:' && this.config.loopbackHttpAllowed())
    ) {
      throw new NodeError('TARGET_NOT_ALLOWED', 'Only https targets are allowed');
    }
    return url;
  }

  /** Every address of the host must be allowed; the first one is where we connect. */
  private async resolve(url: URL): Promise<{ address: string; family: number }> {
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    let addresses: Array<{ address: string; family: number }>;
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch {
      throw new NodeError('TARGET_UNREACHABLE', `The host ${host} could not be resolved`, true);
    }
    const loopbackAllowed = this.config.loopbackHttpAllowed();
    for (const { address } of addresses) {
      const verdict = classifyAddress(address);
      if (verdict === 'blocked' || (verdict === 'loopback' && !loopbackAllowed)) {
        throw new NodeError(
          'TARGET_NOT_ALLOWED',
          `The host ${host} resolves to a private or reserved address`,
        );
      }
    }
    // Plain http is the test-receiver exception: it must stay on this machine.
    if (
      url.protocol === 'http:' &&
      addresses.some(({ address }) => classifyAddress(address) !== 'loopback')
    ) {
      throw new NodeError(
        'TARGET_NOT_ALLOWED',
        'Plain http is allowed only to loopback test receivers',
      );
    }
    if (addresses.length === 0)
      throw new NodeError('TARGET_UNREACHABLE', `The host ${host} has no address`, true);
    return addresses[0];
  }
}

function networkError(error: Error): NodeError {
  if (error instanceof NodeError) return error;
  const timedOut = error.message === 'deadline';
  return new NodeError(
    timedOut ? 'TARGET_TIMEOUT' : 'TARGET_UNREACHABLE',
    timedOut ? 'The target did not answer in time' : 'The target could not be reached',
    true,
  );
}
