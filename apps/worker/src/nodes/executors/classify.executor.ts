import type { ClassifyConfig } from '@docket/contracts';
import { ClassificationConfig, classifyDocument } from '@docket/document-intelligence';
import { Injectable } from '@nestjs/common';

import { DocumentTextSource } from '../../services/document-text.source';
import { RunItemClient } from '../../services/run-item.client';
import type { NodeOutcome, RunDocument } from '../../workflows/flow-activities.types';
import { NodeContext, NodeExecutor } from '../node-executor';

/** ai.classify: a class (or none) per document, stored on the item's documents too. */
@Injectable()
export class ClassifyExecutor implements NodeExecutor {
  readonly types = ['ai.classify'] as const;
  readonly recordsStart = true;

  constructor(
    private readonly text: DocumentTextSource,
    private readonly items: RunItemClient,
  ) {}

  async execute({ execution, config, heartbeat }: NodeContext): Promise<NodeOutcome> {
    const { run, data, stepKey } = execution;
    const settings = config as unknown as ClassifyConfig;
    const classification: ClassificationConfig = {
      classes: settings.classes,
      methods: ['rules'],
      minConfidence: settings.minConfidence,
    };
    const results: Array<{ documentId: string; label: string | null; confidence: number }> = [];
    const documents: RunDocument[] = [];
    for (const document of data.documents) {
      const { pages } = await this.text.pagesOf(run, document, heartbeat);
      const result = await classifyDocument(pages, classification);
      results.push({
        documentId: document.documentId,
        label: result.label,
        confidence: result.confidence,
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
    return { output: { documents: results }, documents };
  }
}
