import { SplitFileDocumentsV1 } from '@docket/contracts';
import { splitDocuments } from '@docket/document-intelligence';
import { RpcClient } from '@docket/platform';
import { Injectable } from '@nestjs/common';

import { DocumentTextSource } from '../../services/document-text.source';
import { RunItemClient } from '../../services/run-item.client';
import { systemActor } from '../../services/system-actor';
import type { NodeOutcome, RunDocument } from '../../workflows/flow-activities.types';
import type { NodeContext, NodeExecutor } from '../node-executor';

/**
 * ai.split: cuts each file into documents where the engine finds boundaries, records the split
 * with the files service (which assigns document ids) and on the item.
 */
@Injectable()
export class SplitExecutor implements NodeExecutor<'ai.split'> {
  readonly types = ['ai.split'] as const;
  readonly recordsStart = true;

  constructor(
    private readonly text: DocumentTextSource,
    private readonly items: RunItemClient,
    private readonly rpc: RpcClient,
  ) {}

  async execute({ execution, config, heartbeat }: NodeContext<'ai.split'>): Promise<NodeOutcome> {
    const { run, data, stepKey } = execution;
    const classes = config.classes ?? [];
    const byFile = new Map<string, RunDocument[]>();
    for (const document of data.documents) {
      byFile.set(document.fileId, [...(byFile.get(document.fileId) ?? []), document]);
    }
    const documents: RunDocument[] = [];
    const output: Array<{ fileId: string; documents: number }> = [];
    for (const [fileId, parts] of byFile) {
      const first = Math.min(...parts.map((p) => p.firstPage ?? 1));
      const last = Math.max(...parts.map((p) => p.lastPage ?? p.pageCount ?? 1));
      const whole: RunDocument = {
        ...parts[0],
        firstPage: first,
        lastPage: last,
        pageCount: last - first + 1,
      };
      const { pages } = await this.text.pagesOf(run, whole, heartbeat);
      const { segments } = splitDocuments(pages, { classes, methods: ['rules'] });
      const split = await this.rpc.call(
        SplitFileDocumentsV1,
        {
          fileId,
          documents: segments.map((segment) => ({
            firstPage: segment.startPage,
            lastPage: segment.endPage,
            ...(segment.label ? { documentType: segment.label } : {}),
          })),
        },
        systemActor(run.organizationId),
      );
      output.push({ fileId, documents: split.documents.length });
      documents.push(
        ...split.documents.map((document) => ({
          documentId: document.documentId,
          fileId,
          name: whole.name,
          firstPage: document.firstPage,
          lastPage: document.lastPage,
          pageCount: document.pageCount,
          ...(document.documentType ? { category: document.documentType } : {}),
        })),
      );
    }
    if (run.itemId && documents.length > 0) {
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
        `${run.executionId}:${stepKey}:split`,
      );
    }
    return { output: { files: output, documents }, documents };
  }
}
