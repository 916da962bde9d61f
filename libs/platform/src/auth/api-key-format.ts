import { createHash, randomBytes } from 'node:crypto';

/**
 * API key layout: `dkt_` + 8-char public prefix + 24-char secret + 6-char checksum, all base62.
 * 32 random base62 characters carry ~190 bits. The checksum lets us refuse a mistyped or forged
 * key without touching the database; the prefix identifies a key in logs and rate limits.
 */
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const MARKER = 'dkt_';
const BODY_LENGTH = 32;
const CHECKSUM_LENGTH = 6;
const SHAPE = new RegExp(`^${MARKER}[0-9A-Za-z]{${BODY_LENGTH + CHECKSUM_LENGTH}}$`);

export interface ParsedApiKey {
  prefix: string;
  hash: string;
}

export function generateApiKey(): { key: string; parsed: ParsedApiKey } {
  const bytes = randomBytes(BODY_LENGTH * 2);
  let body = '';
  // Rejection sampling keeps every character uniformly distributed.
  for (const byte of bytes) {
    if (byte < 248) body += ALPHABET[byte % 62];
    if (body.length === BODY_LENGTH) break;
  }
  if (body.length < BODY_LENGTH) return generateApiKey();
  const key = `${MARKER}${body}${checksumOf(body)}`;
  return { key, parsed: { prefix: prefixOf(body), hash: hashApiKey(key) } };
}

/** Null for anything that is not a well-formed key with a valid checksum. */
export function parseApiKey(candidate: string): ParsedApiKey | null {
  if (!SHAPE.test(candidate)) return null;
  const body = candidate.slice(MARKER.length, MARKER.length + BODY_LENGTH);
  const checksum = candidate.slice(MARKER.length + BODY_LENGTH);
  if (checksumOf(body) !== checksum) return null;
  return { prefix: prefixOf(body), hash: hashApiKey(candidate) };
}

/** The public part used for rate limits and listings; also safe for malformed input. */
export function apiKeyPrefixOf(candidate: string): string {
  return candidate.startsWith(MARKER) ? candidate.slice(0, MARKER.length + 8) : 'malformed';
}

function prefixOf(body: string): string {
  return `${MARKER}${body.slice(0, 8)}`;
}

/** Keys are high-entropy, so a fast hash is safe and keeps the exchange cheap. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

function checksumOf(body: string): string {
  const digest = createHash('sha256').update(`docket-key:${body}`).digest();
  let value = digest.readUIntBE(0, 6);
  let out = '';
  for (let i = 0; i < CHECKSUM_LENGTH; i++) {
    out += ALPHABET[value % 62];
    value = Math.floor(value / 62);
  }
  return out;
}
