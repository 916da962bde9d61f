import { type FieldWriteInput, ListLayoutMemoriesV1, pageBoxFromCorners } from '@docket/contracts';
import { DocumentPages, ValidatedField } from '@docket/document-intelligence';
import { extractWithConfig, HostedModelGate } from '@docket/nodes';
import { RpcClient } from '@docket/platform';
import { Injectable } from '@nestjs/common';

import { DocumentTextSource } from '../../services/document-text.source';
import { RunItemClient } from '../../services/run-item.client';
import { systemActor } from '../../services/system-actor';
import type { NodeOutcome } from '../../workflows/flow-activities.types';
import { whileHeartbeating } from '../hosted/heartbeating';
import { hostedModelFailure } from '../hosted/hosted-model.failure';
import type { NodeContext, NodeExecutor } from '../node-executor';

/**
 * ai.extract: grounded, confidence-scored fields per document (and item-level fields across
 * documents), validated by the field rules, written to the run's item with flags for review.
 */
@Injectable()
export class ExtractExecutor implements NodeExecutor<'ai.extract'> {
  readonly types = ['ai.extract'] as const;
  readonly recordsStart = true;

  constructor(
    private readonly text: DocumentTextSource,
    private readonly items: RunItemClient,
    private readonly rpc: RpcClient,
    private readonly hosted: HostedModelGate,
  ) {}

  async execute({
    execution,
    config: settings,
    heartbeat,
    secrets,
  }: NodeContext<'ai.extract'>): Promise<NodeOutcome> {
    const { run, data, stepKey } = execution;
    const documents: DocumentPages[] = [];
    for (const document of data.documents) {
      documents.push(await this.text.pagesOf(run, document, heartbeat));
    }
    // Layouts a reviewer taught this project are read from memory first.
    const { memories: layoutMemories } = await this.rpc.call(
      ListLayoutMemoriesV1,
      { projectId: run.projectId },
      systemActor(run.organizationId),
    );
    const hosted = settings.hosted
      ? this.hosted.engine(
          run.organizationId,
          settings.hosted,
          secrets.get(settings.hosted.apiKeyVariable),
        )
      : undefined;
    const { fields, needsReview } = await whileHeartbeating(heartbeat, () =>
      extractWithConfig(documents, settings, layoutMemories, hosted?.engine),
    ).catch((error: unknown) => {
      throw hostedModelFailure(error);
    });
    if (run.itemId) {
      await this.items.writeFields(
        run,
        run.itemId,
        fields.map(toFieldWrite),
        `${run.executionId}:${stepKey}:fields`,
        // The item keeps the rules, so a reviewer's correction is checked by the same ones.
        {
          fields: settings.fields,
          crossFieldRules: settings.crossFieldRules,
          defaultConfidenceThreshold: settings.defaultConfidenceThreshold,
        },
      );
    }
    return {
      output: {
        ...(hosted ? { hostedModel: hosted.meter.usage() } : {}),
        needsReview,
        flagged: fields.filter((f) => f.flagged).length,
        fields: fields.map((field) => ({
          key: field.key,
          type: field.type,
          value: field.value,
          confidence: round(field.confidence),
          documentId: field.documentId ?? null,
          flagged: field.flagged,
          flagReasons: field.flagReasons,
          source: field.source ?? 'not-found',
        })),
      },
    };
  }
}

function toFieldWrite(field: ValidatedField): FieldWriteInput {
  const write: FieldWriteInput = {
    key: field.key,
    type: field.type,
    value: JSON.parse(JSON.stringify(field.value ?? null)),
    confidence: round(field.confidence),
    flagged: field.flagged,
  };
  if (field.documentId) write.documentId = field.documentId;
  if (field.flagReasons.length > 0)
    write.flagReasons = field.flagReasons.map((r) => r.slice(0, 500));
  const grounding = field.grounding;
  if (grounding?.documentId) {
    write.grounding = [
      {
        documentId: grounding.documentId,
        page: grounding.page,
        box: pageBoxFromCorners(grounding.box),
      },
    ];
  }
  return write;
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
