import { NodeError } from '../nodes/node-error';
import { referencedVariables, RunSecrets } from './run-secrets';

describe('run secrets', () => {
  const secrets = new RunSecrets(
    new Map([
      ['TOKEN', 'tok-123456'],
      ['LONGER', 'tok-123456-extra'],
      ['PIN', '42'],
    ]),
  );

  it('resolves {{vars.NAME}} references in every string of a configuration', () => {
    expect(
      secrets.resolve({ url: 'https://x.test/?t={{ vars.TOKEN }}', nested: ['{{vars.PIN}}'] }),
    ).toEqual({ url: 'https://x.test/?t=tok-123456', nested: ['42'] });
  });

  it('refuses an unknown variable with a clear node error', () => {
    expect(() => secrets.resolve('{{vars.MISSING}}')).toThrow(NodeError);
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

  it('finds the names a configuration references', () => {
    expect(referencedVariables({ a: '{{vars.A}} and {{vars.B}}', b: ['{{vars.A}}'] })).toEqual([
      'A',
      'B',
    ]);
  });
});
