import { isDatabaseConnectionLoss, isTransactionConflict } from './connection-loss';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseConnectionLoss', () => {
  it('recognizes a session the server ended or refused, and a dropped socket', () => {
    expect(isDatabaseConnectionLoss(withCode('57P01'))).toBe(true); // admin shutdown / terminate
    expect(isDatabaseConnectionLoss(withCode('57P02'))).toBe(true); // crash shutdown
    expect(isDatabaseConnectionLoss(withCode('57P03'))).toBe(true); // starting up or shutting down
    expect(isDatabaseConnectionLoss(withCode('08006'))).toBe(true); // connection failure
    expect(isDatabaseConnectionLoss(withCode('ECONNREFUSED'))).toBe(true);
    expect(isDatabaseConnectionLoss(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(
      isDatabaseConnectionLoss(
        new Error('Client has encountered a connection error and is not queryable'),
      ),
    ).toBe(true);
    const released = new Error('Query runner already released. Cannot run queries anymore.');
    released.name = 'QueryRunnerAlreadyReleasedError';
    expect(isDatabaseConnectionLoss(released)).toBe(true);
  });

  it('leaves statement errors and anything else alone', () => {
    expect(isDatabaseConnectionLoss(withCode('23505'))).toBe(false); // unique violation
    expect(isDatabaseConnectionLoss(withCode('40001'))).toBe(false); // serialization failure
    expect(isDatabaseConnectionLoss(new Error('boom'))).toBe(false);
    expect(isDatabaseConnectionLoss(undefined)).toBe(false);
    expect(isDatabaseConnectionLoss('Connection terminated')).toBe(false);
  });
});

describe('isTransactionConflict', () => {
  it('recognizes a transaction PostgreSQL rolled back for colliding with another', () => {
    expect(isTransactionConflict(withCode('40P01'))).toBe(true); // deadlock detected
    expect(isTransactionConflict(withCode('40001'))).toBe(true); // serialization failure
  });

  it('leaves other failures alone', () => {
    expect(isTransactionConflict(withCode('23505'))).toBe(false); // unique violation
    expect(isTransactionConflict(withCode('57P01'))).toBe(false); // a lost connection, not a conflict
    expect(isTransactionConflict(new Error('deadlock detected'))).toBe(false);
    expect(isTransactionConflict(null)).toBe(false);
  });
});
