import { NodeError } from '../nodes/node-error';
import { RunSecrets } from './run-secrets';

describe('run secrets', () => {
  const secrets = new RunSecrets(
    new Map([
      ['TOKEN', 'tok-123456'],
      ['LONGER', 'tok-123456-extra'],
      ['PIN', '42'],
    ]),
  );

  it('resolves {{vars.NAME}} only in the secret slots of a node type', () => {
    expect(
      secrets.resolveSlots('app.http-request', {
        url: 'https://x.test/?t={{ vars.TOKEN }}',
        headers: { authorization: 'Bearer {{ vars.TOKEN }}', 'x-pin': '{{vars.PIN}}' },
        body: '"{{vars.TOKEN}}"',
      }),
    ).toEqual({
      url: 'https://x.test/?t={{ vars.TOKEN }}',
      headers: { authorization: 'Bearer tok-123456', 'x-pin': '42' },
      body: '"{{vars.TOKEN}}"',
    });
    expect(secrets.resolveSlots('utility.transform', { expression: '"{{vars.TOKEN}}"' })).toEqual({
      expression: '"{{vars.TOKEN}}"',
    });
  });

  it('refuses an unknown variable in a slot with a clear node error', () => {
    expect(() =>
      secrets.resolveSlots('app.http-request', { headers: { a: '{{vars.MISSING}}' } }),
    ).toThrow(NodeError);
  });

  it('scrubs every value by value, longest first, in keys and values', () => {
    expect(
      secrets.scrub({
        a: 'prefix tok-123456-extra suffix',
        b: ['tok-123456'],
        'key tok-123456': 1,
        pin: '42',
        number: 'room 42',
      }),
    ).toEqual({ a: 'prefix *** suffix', b: ['***'], 'key ***': 1, pin: '***', number: 'room 42' });
  });
});
