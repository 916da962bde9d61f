import { AesGcmCipher, DEVELOPMENT_MASTER_KEY } from '@docket/platform';
import { TEST_DATABASE_URL } from '@docket/testing';
import { importPKCS8, KeyLike } from 'jose';
import { Client } from 'pg';

/**
 * White-box access to the identity service's active signing key in the test database, so tests
 * can mint tokens that are correctly signed yet wrong in one way (expired, other audience).
 */
export async function activeSigningKey(): Promise<{
  kid: string;
  privateKey: KeyLike;
  publicJwk: Record<string, string>;
}> {
  const client = new Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{
      kid: string;
      private_key_sealed: string;
      public_jwk: Record<string, string>;
    }>(
      'SELECT kid, private_key_sealed, public_jwk FROM identity.signing_keys WHERE retired_at IS NULL ORDER BY created_at DESC LIMIT 1',
    );
    const row = rows[0];
    const pem = AesGcmCipher.fromBase64(DEVELOPMENT_MASTER_KEY).decrypt(
      row.private_key_sealed,
      `signing-key:${row.kid}`,
    );
    return {
      kid: row.kid,
      privateKey: await importPKCS8(pem.toString('utf8'), 'EdDSA'),
      publicJwk: row.public_jwk,
    };
  } finally {
    await client.end();
  }
}
