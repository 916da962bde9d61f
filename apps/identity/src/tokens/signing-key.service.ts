import { randomUUID } from 'node:crypto';

import { PublicJwk } from '@docket/contracts';
import { AesGcmCipher, createLogger } from '@docket/platform';
import { Injectable } from '@nestjs/common';
import { exportJWK, exportPKCS8, generateKeyPair, importPKCS8, KeyLike } from 'jose';

import { SigningKeyRepository } from '../database/signing-key.repository';

export const SIGNING_ALGORITHM = 'EdDSA';

export interface ActiveSigningKey {
  kid: string;
  privateKey: KeyLike;
}

const logger = createLogger('signing-keys');

/**
 * Ed25519 signing keys, private halves sealed with the master key. The newest unretired key
 * signs; every unretired key is published in the JWKS so tokens outlive a rotation.
 */
@Injectable()
export class SigningKeyService {
  private active?: ActiveSigningKey;

  constructor(
    private readonly keys: SigningKeyRepository,
    private readonly masterKey: AesGcmCipher,
  ) {}

  async activeKey(): Promise<ActiveSigningKey> {
    this.active ??= await this.loadOrCreate();
    return this.active;
  }

  async publicKeys(): Promise<PublicJwk[]> {
    const rows = await this.keys.live();
    return rows.map((row) => ({
      ...(row.publicJwk as unknown as PublicJwk),
      kid: row.kid,
      alg: SIGNING_ALGORITHM,
      use: 'sig',
    }));
  }

  /** Adds a new signing key and makes it the active one; older keys stay published. */
  async rotate(): Promise<string> {
    const created = await this.create();
    this.active = created;
    return created.kid;
  }

  private async loadOrCreate(): Promise<ActiveSigningKey> {
    const newest = await this.keys.newest();
    if (!newest) return this.create();
    const pem = this.masterKey
      .decrypt(newest.privateKeySealed, `signing-key:${newest.kid}`)
      .toString('utf8');
    return { kid: newest.kid, privateKey: await importPKCS8(pem, SIGNING_ALGORITHM) };
  }

  private async create(): Promise<ActiveSigningKey> {
    const { privateKey, publicKey } = await generateKeyPair(SIGNING_ALGORITHM, {
      crv: 'Ed25519',
      extractable: true,
    });
    const kid = randomUUID();
    const pem = await exportPKCS8(privateKey);
    const jwk = await exportJWK(publicKey);
    await this.keys.insert({
      kid,
      algorithm: SIGNING_ALGORITHM,
      privateKeySealed: this.masterKey.encrypt(pem, `signing-key:${kid}`),
      publicJwk: jwk as unknown as Record<string, string>,
      retiredAt: null,
    });
    logger.info({ kid }, 'created signing key');
    return { kid, privateKey };
  }
}
