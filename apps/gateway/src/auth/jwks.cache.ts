import { GetJwksV1, PublicJwk } from '@docket/contracts';
import { createLogger, RpcClient } from '@docket/platform';
import { Injectable } from '@nestjs/common';
import { importJWK, KeyLike } from 'jose';

const logger = createLogger('jwks');
const REFRESH_FLOOR_MS = 30_000;

/**
 * The identity service's public keys, held in memory so that verifying a token costs no network
 * hop. An unknown kid triggers at most one refresh per 30 s (a rotation), never one per request.
 */
@Injectable()
export class JwksCache {
  private keys = new Map<string, KeyLike | Uint8Array>();
  private lastRefresh = 0;
  private inflight?: Promise<void>;

  constructor(private readonly rpc: RpcClient) {}

  async keyFor(kid: string | undefined): Promise<KeyLike | Uint8Array | undefined> {
    if (!kid) return undefined;
    const known = this.keys.get(kid);
    if (known) return known;
    if (Date.now() - this.lastRefresh < REFRESH_FLOOR_MS) return undefined;
    await this.refresh();
    return this.keys.get(kid);
  }

  refresh(): Promise<void> {
    this.inflight ??= this.load().finally(() => (this.inflight = undefined));
    return this.inflight;
  }

  private async load(): Promise<void> {
    this.lastRefresh = Date.now();
    try {
      const { keys } = await this.rpc.call(GetJwksV1, {}, null);
      const imported = await Promise.all(
        keys.map(
          async (jwk: PublicJwk) => [jwk.kid, await importJWK({ ...jwk }, jwk.alg)] as const,
        ),
      );
      this.keys = new Map(imported);
      logger.info({ kids: [...this.keys.keys()] }, 'loaded signing keys');
    } catch (error) {
      logger.warn({ err: error }, 'could not load signing keys');
    }
  }

  get size(): number {
    return this.keys.size;
  }
}
