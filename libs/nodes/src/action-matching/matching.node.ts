import { isUUID } from 'class-validator';

import { Config, isObject, only, optionalNumber } from '../config/config-checks';
import { list, object, text } from '../config/json-schema';
import type { NodeDefinition } from '../node-definition';

export interface MatchingConfig {
  /** A CSV file (header row) uploaded through POST /files, used as the reference table... */
  referenceFileId?: string;
  /** ...or the reference rows inline (at most 1000); exactly one of the two. */
  rows?: Array<Record<string, string>>;
  /** Which extracted field is compared with which column. */
  match: Array<{ field: string; column: string }>;
  /** Minimum score (0..1) for a match to count. */
  threshold?: number;
}

export const ACTION_MATCHING_NODE: NodeDefinition = {
  type: 'action.matching',
  category: 'Actions',
  title: 'Match a reference table',
  description: 'Finds the best row of a CSV reference table for the item fields.',
  branches: [],
  configSchema: object(
    {
      referenceFileId: text('Reference file (CSV, file id)', { format: 'uuid' }),
      match: list(
        'Compare',
        object({ field: text('Field'), column: text('Column') }, ['field', 'column']),
        { minItems: 1 },
      ),
      threshold: { type: 'number', title: 'Threshold', minimum: 0, maximum: 1 },
    },
    ['match'],
  ),
  configProblems: (c) => [
    ...only(c, ['referenceFileId', 'rows', 'match', 'threshold']),
    ...referenceTable(c),
    ...matchPairs(c.match),
    ...optionalNumber(c, 'threshold', 0, 1),
  ],
};

function referenceTable(config: Config): string[] {
  const byFile = config.referenceFileId !== undefined;
  const inline = config.rows !== undefined;
  if (byFile === inline) return ['give exactly one of referenceFileId or rows'];
  if (byFile) {
    return isUUID(config.referenceFileId, '4')
      ? []
      : ['referenceFileId must be the UUID of an uploaded CSV file'];
  }
  const rows = config.rows;
  const valid =
    Array.isArray(rows) &&
    rows.length >= 1 &&
    rows.length <= 1000 &&
    rows.every((row) => isObject(row) && Object.values(row).every((v) => typeof v === 'string'));
  return valid ? [] : ['rows must be 1 to 1000 objects of column names to text'];
}

function matchPairs(value: unknown): string[] {
  if (!Array.isArray(value) || value.length < 1 || value.length > 20) {
    return ['match must list 1 to 20 field/column pairs'];
  }
  return value.flatMap((entry, index) => {
    const pair = entry as Config;
    return typeof pair?.field === 'string' &&
      pair.field &&
      typeof pair?.column === 'string' &&
      pair.column
      ? []
      : [`match[${index}] must name a field and a column`];
  });
}
