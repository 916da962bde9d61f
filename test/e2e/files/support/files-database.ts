import { TEST_DATABASE_URL } from '@docket/testing';
import { Client } from 'pg';

/** Read-only look at the files table, to prove that refused requests change nothing. */
export async function countFiles(organizationId: string): Promise<number> {
  const client = new Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    const result = await client.query<{ count: string }>(
      'SELECT count(*) FROM files.files WHERE organization_id = $1',
      [organizationId],
    );
    return Number(result.rows[0].count);
  } finally {
    await client.end();
  }
}
