import { NodeError } from '../nodes/node-error';

const REFERENCE = /\{\{\s*vars\.([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;
const MASK = '***';
/** Shorter values are masked only where they are a whole string, or "1" would mask every digit. */
const MIN_SUBSTRING_LENGTH = 4;

/**
 * The variable values one run may use. Node configurations name variables as `{{vars.NAME}}`
 * and are resolved here, inside the activity; everything that leaves the activity (step input
 * and output, results, error messages) goes through `scrub`, which replaces every value by
 * value, wherever it appears, not only where a reference was.
 */
export class RunSecrets {
  private readonly ordered: string[];

  constructor(private readonly values: ReadonlyMap<string, string>) {
    // Longest first, so a value that contains another is masked whole.
    this.ordered = [...new Set(values.values())].sort((a, b) => b.length - a.length);
  }

  static none(): RunSecrets {
    return new RunSecrets(new Map());
  }

  get isEmpty(): boolean {
    return this.values.size === 0;
  }

  get(name: string): string {
    const value = this.values.get(name);
    if (value === undefined) {
      throw new NodeError(
        'VARIABLE_NOT_FOUND',
        `Variable ${name} is not defined for this run's environment and scope`,
      );
    }
    return value;
  }

  /** Variables as a plain object, for expression bindings (`$vars.NAME`). */
  asObject(): Record<string, string> {
    return Object.fromEntries(this.values);
  }

  /** Replaces `{{vars.NAME}}` in every string of a configuration. */
  resolve<T>(value: T): T {
    return mapStrings(value, (text) =>
      text.replace(REFERENCE, (_, name: string) => this.get(name)),
    ) as T;
  }

  scrub<T>(value: T): T {
    if (this.ordered.length === 0) return value;
    return mapStrings(value, (text) => this.scrubText(text)) as T;
  }

  scrubText(text: string): string {
    let result = text;
    for (const secret of this.ordered) {
      if (result === secret) return MASK;
      if (secret.length >= MIN_SUBSTRING_LENGTH) result = result.split(secret).join(MASK);
    }
    return result;
  }
}

/** Names referenced by a configuration, so a run without them needs no lookup. */
export function referencedVariables(value: unknown): string[] {
  const names = new Set<string>();
  mapStrings(value, (text) => {
    for (const match of text.matchAll(REFERENCE)) names.add(match[1]);
    return text;
  });
  return [...names];
}

function mapStrings(value: unknown, map: (text: string) => string): unknown {
  if (typeof value === 'string') return map(value);
  if (Array.isArray(value)) return value.map((entry) => mapStrings(entry, map));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, entry]) => [map(key), mapStrings(entry, map)]),
    );
  }
  return value;
}
