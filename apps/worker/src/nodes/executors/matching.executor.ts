import { GetFileV1 } from '@docket/contracts';
import { RpcClient } from '@docket/platform';
import { Injectable } from '@nestjs/common';

import { RunItemClient } from '../../services/run-item.client';
import { systemActor } from '../../services/system-actor';
import type { NodeOutcome } from '../../workflows/flow-activities.types';
import { parseCsv, similarity } from '../matching/csv-table';
import { NodeError } from '../node-error';
import type { NodeContext, NodeExecutor } from '../node-executor';

const MAX_TABLE_BYTES = 10 * 1024 * 1024;

/**
 * action.matching: finds the row of a reference table (a CSV file uploaded to the workspace)
 * that best matches the item's extracted values, column by column, with a score 0..1.
 */
@Injectable()
export class MatchingExecutor implements NodeExecutor<'action.matching'> {
  readonly types = ['action.matching'] as const;
  readonly recordsStart = true;

  constructor(
    private readonly rpc: RpcClient,
    private readonly items: RunItemClient,
  ) {}

  async execute({
    execution,
    config: settings,
  }: NodeContext<'action.matching'>): Promise<NodeOutcome> {
    const { run } = execution;
    const threshold = settings.threshold ?? 0.8;
    const table =
      settings.rows ?? (await this.table(run.organizationId, settings.referenceFileId as string));
    const fields = run.itemId ? await this.items.fields(run, run.itemId) : [];
    const values = new Map(fields.map((field) => [field.key, display(field.value)]));
    let best: { row: Record<string, string>; score: number } | null = null;
    for (const row of table) {
      const scores = settings.match.map(({ field, column }) =>
        similarity(values.get(field) ?? '', row[column] ?? ''),
      );
      const score = scores.reduce((sum, s) => sum + s, 0) / Math.max(1, scores.length);
      if (!best || score > best.score) best = { row, score };
    }
    const score = Math.round((best?.score ?? 0) * 1000) / 1000;
    return {
      output: {
        matched: best !== null && score >= threshold,
        score,
        row: best && score >= threshold ? best.row : null,
        rows: table.length,
      },
    };
  }

  private async table(
    organizationId: string,
    fileId: string,
  ): Promise<Array<Record<string, string>>> {
    const file = await this.rpc.call(GetFileV1, { fileId }, systemActor(organizationId));
    if (!file.downloadUrl)
      throw new NodeError(
        'REFERENCE_TABLE_MISSING',
        'The reference table has no content yet',
        true,
      );
    if ((file.size ?? 0) > MAX_TABLE_BYTES) {
      throw new NodeError(
        'REFERENCE_TABLE_TOO_LARGE',
        `The reference table exceeds ${MAX_TABLE_BYTES} bytes`,
      );
    }
    // Our own storage, through the files service's signed read URL (not a customer endpoint).
    const response = await fetch(file.downloadUrl, { signal: AbortSignal.timeout(30_000) });
    if (!response.ok)
      throw new NodeError(
        'REFERENCE_TABLE_UNREADABLE',
        'The reference table could not be read',
        true,
      );
    return parseCsv(await response.text());
  }
}

function display(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && 'amount' in (value as object))
    return String((value as { amount: unknown }).amount);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
