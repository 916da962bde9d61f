import { apiKeyPrefixOf, generateApiKey, hashApiKey, parseApiKey } from './api-key-format';

describe('API key format', () => {
  it('generates keys that parse back to the same prefix and hash', () => {
    const { key, parsed } = generateApiKey();
    expect(key).toMatch(/^dkt_[0-9A-Za-z]{38}$/);
    expect(parseApiKey(key)).toEqual(parsed);
    expect(parsed.hash).toBe(hashApiKey(key));
    expect(apiKeyPrefixOf(key)).toBe(parsed.prefix);
  });

  it('never repeats across many keys', () => {
    const keys = new Set(Array.from({ length: 2000 }, () => generateApiKey().key));
    expect(keys.size).toBe(2000);
  });

  it('refuses a key with one character changed (checksum)', () => {
    const { key } = generateApiKey();
    const position = 10;
    const swapped = key[position] === 'a' ? 'b' : 'a';
    const tampered = key.slice(0, position) + swapped + key.slice(position + 1);
    expect(parseApiKey(tampered)).toBeNull();
  });

  it.each(['', 'dkt_', 'dkt_short', 'abc_' + 'a'.repeat(38), generateApiKey().key + 'x'])(
    'refuses malformed %p',
    (candidate) => {
      expect(parseApiKey(candidate)).toBeNull();
    },
  );
});
