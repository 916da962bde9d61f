import { randomUUID } from 'node:crypto';

import { isTransactionConflict } from '@docket/platform';
import type { DataSource, EntityManager } from 'typeorm';

import { createServiceDataSource } from './data-source.factory';
import { ServiceTransactions, TRANSACTION_ATTEMPTS } from './service-transactions';

/**
 * A service transaction that PostgreSQL rolls back for colliding with a concurrent one is run
 * again, against the test stack's PostgreSQL: two real transactions locking two rows in opposite
 * orders deadlock, and both commit in the end.
 */
const DATABASE_URL =
  process.env.DOCKET_CONNECTION_LOSS_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/docket_test';

describe('ServiceTransactions when transactions collide', () => {
  let dataSource: DataSource;
  let transactions: ServiceTransactions;
  const table = `tx_collide_${randomUUID().replace(/-/g, '').slice(0, 12)}`;

  beforeAll(async () => {
    dataSource = createServiceDataSource({
      url: DATABASE_URL,
      schema: 'public',
      entities: [],
      migrations: [],
      poolSize: 4,
      applicationName: 'service-transactions-spec',
    });
    await dataSource.initialize();
    await dataSource.query(`CREATE TABLE ${table} (id int PRIMARY KEY, n int NOT NULL)`);
    await dataSource.query(`INSERT INTO ${table} VALUES (1, 0), (2, 0)`);
    transactions = new ServiceTransactions(dataSource);
  });

  afterAll(async () => {
    await dataSource.query(`DROP TABLE IF EXISTS ${table}`);
    await dataSource.destroy();
  });

  const bump = (manager: EntityManager, id: number) =>
    manager.query(`UPDATE ${table} SET n = n + 1 WHERE id = $1`, [id]);

  it('runs the deadlock victim again, so both transactions commit', async () => {
    // Each takes its first row, then waits until the other holds its own before taking the
    // other's: the first attempts deadlock; the victim's retry finds the rows free.
    let firstRowsHeld = 0;
    let release: () => void = () => undefined;
    const bothHold = new Promise<void>((resolve) => (release = resolve));
    let attempts = 0;
    const crosswise = (first: number, second: number) =>
      transactions.run(async (manager) => {
        attempts += 1;
        await bump(manager, first);
        if (attempts <= 2) {
          firstRowsHeld += 1;
          if (firstRowsHeld === 2) release();
          await bothHold;
        }
        await bump(manager, second);
        return first;
      });

    const results = await Promise.all([crosswise(1, 2), crosswise(2, 1)]);

    expect(results).toEqual([1, 2]);
    expect(attempts).toBe(3);
    const rows = await dataSource.query(`SELECT id, n FROM ${table} ORDER BY id`);
    expect(rows).toEqual([
      { id: 1, n: 2 },
      { id: 2, n: 2 },
    ]);
  }, 30_000);

  it(`gives up after ${TRANSACTION_ATTEMPTS} collisions and keeps nothing of them`, async () => {
    let attempts = 0;
    const failure = await transactions
      .run(async (manager) => {
        attempts += 1;
        await bump(manager, 1);
        await manager.query(
          `DO $$ BEGIN RAISE EXCEPTION 'collided' USING ERRCODE = 'deadlock_detected'; END $$`,
        );
      })
      .catch((error: unknown) => error);

    expect(isTransactionConflict(failure)).toBe(true);
    expect(attempts).toBe(TRANSACTION_ATTEMPTS);
    const [row] = await dataSource.query(`SELECT n FROM ${table} WHERE id = 1`);
    expect(row).toEqual({ n: 2 });
  });

  it('does not run again work that failed for any other reason', async () => {
    let attempts = 0;
    await expect(
      transactions.run(async (manager) => {
        attempts += 1;
        await manager.query(`SELECT 1 / 0`);
      }),
    ).rejects.toThrow(/division by zero/);
    expect(attempts).toBe(1);
  });
});
