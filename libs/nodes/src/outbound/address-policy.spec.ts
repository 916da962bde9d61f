import { classifyAddress } from './address-policy';

describe('outbound address policy', () => {
  it.each([
    '10.0.0.1',
    '10.255.255.255',
    '172.16.0.1',
    '172.31.255.254',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'ff02::1',
    '::',
    '::ffff:10.0.0.1',
    '::ffff:a9fe:a9fe',
    'not-an-address',
  ])('blocks %s', (address) => {
    expect(classifyAddress(address)).toBe('blocked');
  });

  it.each(['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1'])(
    'marks %s as loopback',
    (address) => {
      expect(classifyAddress(address)).toBe('loopback');
    },
  );

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '172.15.255.255',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
  ])('allows public %s', (address) => {
    expect(classifyAddress(address)).toBe('public');
  });
});
