import { randomBytes } from 'node:crypto';

import { AesGcmCipher, unwrapDataKey, wrapDataKey } from './aes-gcm.cipher';

describe('AesGcmCipher', () => {
  const cipher = new AesGcmCipher(randomBytes(32));

  it('decrypts what it encrypted with the same associated data', () => {
    const sealed = cipher.encrypt('s3cret value', 'org:1/var:2');
    expect(sealed).not.toContain('s3cret');
    expect(cipher.decrypt(sealed, 'org:1/var:2').toString()).toBe('s3cret value');
  });

  it('uses a fresh nonce every time', () => {
    expect(cipher.encrypt('same', 'ad')).not.toBe(cipher.encrypt('same', 'ad'));
  });

  it('refuses other associated data, a tampered body and another key', () => {
    const sealed = cipher.encrypt('value', 'org:1/var:2');
    expect(() => cipher.decrypt(sealed, 'org:2/var:2')).toThrow();
    const parts = sealed.split('.');
    parts[2] = Buffer.from('tampered').toString('base64url');
    expect(() => cipher.decrypt(parts.join('.'), 'org:1/var:2')).toThrow();
    expect(() => new AesGcmCipher(randomBytes(32)).decrypt(sealed, 'org:1/var:2')).toThrow();
  });

  it('wraps data keys under the master key, bound to their owner', () => {
    const dataKey = randomBytes(32);
    const wrapped = wrapDataKey(cipher, dataKey, 'org:1');
    expect(unwrapDataKey(cipher, wrapped, 'org:1').equals(dataKey)).toBe(true);
    expect(() => unwrapDataKey(cipher, wrapped, 'org:2')).toThrow();
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => new AesGcmCipher(randomBytes(16))).toThrow(/32-byte/);
  });
});
