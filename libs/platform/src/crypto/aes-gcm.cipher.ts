import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * AES-256-GCM with a random 96-bit nonce per message and associated data that binds a
 * ciphertext to its owner (organization, scope, id), so a value copied to another row fails
 * to decrypt instead of leaking.
 */
export class AesGcmCipher {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('AES-256-GCM needs a 32-byte key');
  }

  static fromBase64(keyBase64: string): AesGcmCipher {
    return new AesGcmCipher(Buffer.from(keyBase64, 'base64'));
  }

  encrypt(plaintext: Buffer | string, associatedData: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    cipher.setAAD(Buffer.from(associatedData, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
    const tag = cipher.getAuthTag();
    return [VERSION, nonce, body, tag]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  decrypt(sealed: string, associatedData: string): Buffer {
    const [version, nonce, body, tag] = sealed.split('.');
    if (version !== VERSION || !nonce || body === undefined || !tag)
      throw new Error('unrecognised ciphertext');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(nonce, 'base64url'));
    decipher.setAAD(Buffer.from(associatedData, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
  }
}

/** Data keys are wrapped by the master key, so rotating the master key re-wraps keys, not data. */
export function wrapDataKey(master: AesGcmCipher, dataKey: Buffer, owner: string): string {
  return master.encrypt(dataKey, `data-key:${owner}`);
}

export function unwrapDataKey(master: AesGcmCipher, wrapped: string, owner: string): Buffer {
  return master.decrypt(wrapped, `data-key:${owner}`);
}
