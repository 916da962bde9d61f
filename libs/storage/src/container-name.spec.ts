import { containerNameFor, organizationIdOf } from './container-name';

describe('containerNameFor', () => {
  it('uses the organization id itself, lower-cased', () => {
    const id = '3F2504E0-4F89-41D3-9A0C-0305E82C3301';
    expect(containerNameFor(id)).toBe(id.toLowerCase());
  });

  it.each(['ab', 'a'.repeat(64), 'has--double', '-leading', 'trailing-', 'has_underscore', 'a/b'])(
    'refuses %p, which cannot name a container',
    (id) => {
      expect(() => containerNameFor(id)).toThrow();
    },
  );

  it('accepts 3 and 63 characters', () => {
    expect(containerNameFor('abc')).toBe('abc');
    expect(containerNameFor('a'.repeat(63))).toBe('a'.repeat(63));
  });
});

describe('organizationIdOf', () => {
  it('reads a container name back, and nothing that is not one', () => {
    expect(organizationIdOf('3f2504e0-4f89-41d3-9a0c-0305e82c3301')).toBe(
      '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
    );
    expect(organizationIdOf('../other')).toBeUndefined();
  });
});
