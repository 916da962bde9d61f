import { GetClassifierModelV1 } from '@docket/contracts';
import { parseNaiveBayesModel } from '@docket/document-intelligence';
import { HostedModelGate, prepareClassify } from '@docket/nodes';
import { RpcClient } from '@docket/platform';
import { Injectable } from '@nestjs/common';

import { DocumentTextSource } from '../../services/document-text.source';
import { RunItemClient } from '../../services/run-item.client';
import { systemActor } from '../../services/system-actor';
import type { NodeOutcome, RunDocument } from '../../workflows/flow-activities.types';
import { whileHeartbeating } from '../hosted/heartbeating';
import { hostedModelFailure } from '../hosted/hosted-model.failure';
import type { NodeContext, NodeExecutor } from '../node-executor';

/**
 * ai.classify: a class (or none) per document, stored on the item's documents too; by the
 * same recipe as the builder's preview, so the project's learned model takes part when asked.
 */
@Injectable()
export class ClassifyExecutor implements NodeExecutor<'ai.classify'> {
  readonly types = ['ai.classify'] as const;
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
  }: NodeContext<'ai.classify'>): Promise<NodeOutcome> {
    const { run, data, stepKey } = execution;
    const hosted = settings.hosted
      ? this.hosted.engine(
          run.organizationId,
          settings.hosted,
          secrets.get(settings.hosted.apiKeyVariable),
        )
      : undefined;
    const recipe = await prepareClassify(
      settings,
      async () => {
        const { model } = await this.rpc.call(
          GetClassifierModelV1,
          { projectId: run.projectId },
          systemActor(run.organizationId),
        );
        return model ? parseNaiveBayesModel(model) : null;
      },
      undefined,
      hosted?.engine,
    );
    const results: ClassifiedDocument[] = [];
    const documents: RunDocument[] = [];
    for (const document of data.documents) {
      const { pages } = await this.text.pagesOf(run, document, heartbeat);
      const result = await whileHeartbeating(heartbeat, () => recipe.classify(pages)).catch(
        (error: unknown) => {
          throw hostedModelFailure(error);
        },
      );
      results.push({
        documentId: document.documentId,
        label: result.label,
        confidence: result.confidence,
        methods: [...result.methods],
        modelVersion: result.modelVersion,
      });
      documents.push({ ...document, ...(result.label ? { category: result.label } : {}) });
    }
    if (run.itemId) {
      await this.items.attachDocuments(
        run,
        run.itemId,
        documents.map((document) => ({
          documentId: document.documentId,
          fileId: document.fileId,
          name: document.name ?? document.documentId,
          ...(document.pageCount ? { pageCount: document.pageCount } : {}),
          ...(document.category ? { classification: document.category } : {}),
        })),
        `${run.executionId}:${stepKey}:classify`,
      );
    }
    return {
      output: {
        documents: results,
        ...(hosted ? { hostedModel: hosted.meter.usage() } : {}),
      },
      documents,
    };
  }
}

/** A document's class in the step output, with the methods that decided it. */
interface ClassifiedDocument {
  documentId: string;
  label: string | null;
  confidence: number;
  methods: string[];
  /** The learned model's version when it took part, else 0. */
  modelVersion: number;
}
