const MASK = '***';
/** Shorter values are masked only where they are a whole string, or "1" would mask every digit. */
const MIN_SUBSTRING_LENGTH = 4;

/**
 * The one masking rule for variable values in run data: every string (keys included) of a
 * JSON value has each value replaced by `***`, wherever it appears. The worker applies it to
 * step input, output and errors as it records them; the flows service to a run's stored input
 * when the execution detail is read, so both show the same thing.
 */
export class SecretMask {
  private readonly ordered: string[];

  constructor(values: Iterable<string>) {
    // Longest first, so a value that contains another is masked whole.
    this.ordered = [...new Set(values)].filter((v) => v !== '').sort((a, b) => b.length - a.length);
  }

  mask<T>(value: T): T {
    if (this.ordered.length === 0) return value;
    return mapStrings(value, (text) => this.maskText(text)) as T;
  }

  maskText(text: string): string {
    let result = text;
    for (const secret of this.ordered) {
      if (result === secret) return MASK;
      if (secret.length >= MIN_SUBSTRING_LENGTH) result = result.split(secret).join(MASK);
    }
    return result;
  }
}

/** Applies `map` to every string of a JSON value, object keys included. */
export function mapStrings(value: unknown, map: (text: string) => string): unknown {
  if (typeof value === 'string') return map(value);
  if (Array.isArray(value)) return value.map((entry) => mapStrings(entry, map));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, entry]) => [map(key), mapStrings(entry, map)]),
    );
  }
  return value;
}
