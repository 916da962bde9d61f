import { DocketException, fromWireError, toWireError } from './docket.exception';
import { ERROR_CODES, httpStatusOf } from './error-codes';

describe('error registry and wire errors', () => {
  it('maps codes to the statuses of the specification and DESIGN.md', () => {
    expect(httpStatusOf('VALIDATION_FAILED')).toBe(400);
    expect(httpStatusOf('UNAUTHENTICATED')).toBe(401);
    expect(httpStatusOf('PERMISSION_DENIED')).toBe(401);
    expect(httpStatusOf('NOT_FOUND')).toBe(404);
    expect(httpStatusOf('LOCKED')).toBe(409);
    expect(httpStatusOf('RATE_LIMITED')).toBe(429);
    expect(httpStatusOf('INTERNAL')).toBe(500);
    for (const [code, entry] of Object.entries(ERROR_CODES)) {
      expect(code).toMatch(/^[A-Z]+(_[A-Z]+)*$/);
      expect(entry.description.length).toBeGreaterThan(10);
    }
  });

  it('round-trips a DocketException over the wire with details', () => {
    const wire = toWireError(new DocketException('LOCKED', 'held', { holder: 'u1' }));
    expect(wire).toEqual({ code: 'LOCKED', message: 'held', details: { holder: 'u1' } });
    const back = fromWireError(JSON.parse(JSON.stringify(wire)));
    expect(back).toBeInstanceOf(DocketException);
    expect(back.code).toBe('LOCKED');
    expect(back.details).toEqual({ holder: 'u1' });
  });

  it('reduces unknown errors to INTERNAL without their message', () => {
    expect(toWireError(new Error('password=hunter2 at db.ts:12'))).toEqual({
      code: 'INTERNAL',
      message: 'Internal error',
    });
    expect(toWireError({ code: 'NOT_A_CODE', message: 'x' })).toEqual({
      code: 'INTERNAL',
      message: 'Internal error',
    });
  });

  it('answers SERVICE_UNAVAILABLE, which clients retry, for a query cut off by a database restart', () => {
    const terminated = Object.assign(
      new Error('terminating connection due to administrator command'),
      {
        code: '57P01',
      },
    );
    expect(toWireError(terminated)).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'The database connection was lost; retry',
    });
    // A statement that is wrong stays INTERNAL.
    const wrong = Object.assign(new Error('relation "x" does not exist'), { code: '42P01' });
    expect(toWireError(wrong).code).toBe('INTERNAL');
  });

  it('answers SERVICE_UNAVAILABLE for a transaction rolled back as a deadlock victim', () => {
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    expect(toWireError(deadlock)).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'The request collided with a concurrent change to the same records; retry',
    });
  });
});
