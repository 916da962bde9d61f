import { FieldType } from '@docket/document-intelligence';
import { HostedModelGate, summariseWithConfig } from '@docket/nodes';
import { Injectable } from '@nestjs/common';

import { RunItemClient } from '../../services/run-item.client';
import type { NodeOutcome } from '../../workflows/flow-activities.types';
import { whileHeartbeating } from '../hosted/heartbeating';
import { hostedModelFailure } from '../hosted/hosted-model.failure';
import type { NodeContext, NodeExecutor } from '../node-executor';

/** ai.summarize: the item's summary and insight line from its documents and fields. */
@Injectable()
export class SummarizeExecutor implements NodeExecutor<'ai.summarize'> {
  readonly types = ['ai.summarize'] as const;
  readonly recordsStart = true;

  constructor(
    private readonly items: RunItemClient,
    private readonly hosted: HostedModelGate,
  ) {}

  async execute({
    execution,
    config: settings,
    secrets,
    heartbeat,
  }: NodeContext<'ai.summarize'>): Promise<NodeOutcome> {
    const { run, data, stepKey } = execution;
    const hosted = settings.hosted
      ? this.hosted.engine(
          run.organizationId,
          settings.hosted,
          secrets.get(settings.hosted.apiKeyVariable),
        )
      : undefined;
    const fields = run.itemId ? await this.items.fields(run, run.itemId) : [];
    const summaryFields = (documentId: string | null) =>
      fields
        .filter((field) => (field.documentId ?? null) === documentId)
        .map((field) => ({
          key: field.key,
          type: field.type as FieldType,
          value: field.value as never,
          flagged: field.flagged,
        }));
    const summary = await whileHeartbeating(heartbeat, () =>
      summariseWithConfig(
        {
          documents: data.documents.map((document) => ({
            documentId: document.documentId,
            label: document.category ?? null,
            fields: summaryFields(document.documentId),
          })),
          itemFields: summaryFields(null),
        },
        settings,
        hosted?.engine,
      ),
    ).catch((error: unknown) => {
      throw hostedModelFailure(error);
    });
    if (run.itemId) {
      await this.items.setSummary(
        run,
        run.itemId,
        summary.summary,
        summary.insight,
        `${run.executionId}:${stepKey}:summary`,
      );
    }
    return {
      output: {
        summary: summary.summary,
        insight: summary.insight,
        ...(hosted ? { source: summary.source, hostedModel: hosted.meter.usage() } : {}),
      },
    };
  }
}
