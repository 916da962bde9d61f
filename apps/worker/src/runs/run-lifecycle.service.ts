import type { RunItemStatus } from '@docket/contracts';
import { Injectable } from '@nestjs/common';

import { ExecutionReporter } from '../reporting/execution-reporter';
import { RunFilesClient } from '../services/run-files.client';
import { RunItemClient } from '../services/run-item.client';
import type {
  Recording,
  RunDocument,
  RunRef,
  StatusReport,
  StepTimes,
} from '../workflows/flow-activities.types';

const ITEM_STATUS_AT_END: Record<string, RunItemStatus> = {
  completed: 'COMPLETE',
  failed: 'FAILED',
  canceled: 'CANCELED',
};

/** The start and the end of a run: its item, its documents and its status in the read model. */
@Injectable()
export class RunLifecycle {
  constructor(
    private readonly items: RunItemClient,
    private readonly files: RunFilesClient,
    private readonly reporter: ExecutionReporter,
  ) {}

  async begin(
    run: RunRef,
    seq: number,
    needsItem: boolean,
  ): Promise<{ itemId: string | null; documents: RunDocument[] }> {
    const files = run.fileIds.length > 0 ? await this.files.files(run) : [];
    const documents = files.flatMap((file) =>
      file.documents.length > 0
        ? file.documents
        : [{ documentId: file.fileId, fileId: file.fileId, name: file.filename }],
    );
    let itemId: string | null = null;
    if (needsItem) {
      itemId = await this.items.create(run);
      await this.items.attachDocuments(
        run,
        itemId,
        files.flatMap((file) =>
          file.documents.map((document) => ({
            documentId: document.documentId,
            fileId: file.fileId,
            name: file.filename,
            mimeType: file.mimeType,
            ...(document.pageCount ? { pageCount: document.pageCount } : {}),
            ...(document.category ? { classification: document.category } : {}),
          })),
        ),
        `${run.executionId}:attach-files`,
      );
      await this.items.moveIfAllowed(run, itemId, 'IN_PROGRESS', `${run.executionId}:start`);
    }
    await this.reporter.status(
      { run: { ...run, itemId }, seq, status: 'running' },
      itemId ? [itemId] : undefined,
    );
    return { itemId, documents };
  }

  /**
   * What the workflow recorded together: the run's `running` status (a run with nothing to
   * prepare is not begun by `begin`) and steps, stamped in that order and published together.
   */
  async record({ start, steps }: Recording): Promise<StepTimes[]> {
    const [, times] = await Promise.all([
      start ? this.reporter.status(start) : undefined,
      this.reporter.steps(steps),
    ]);
    return times;
  }

  /**
   * The steps first (those the workflow ended and has not recorded, then the unfinished ones,
   * each ending `canceled`, now), then the item, then the status: when the API says the run
   * is over, its steps and its item say so too.
   */
  async finish(report: StatusReport): Promise<void> {
    const { run, status } = report;
    await this.record({
      ...(report.start ? { start: report.start } : {}),
      steps: [
        ...(report.steps ?? []),
        ...(report.unfinished ?? []).map((step) => ({ run, ...step, status: 'canceled' as const })),
      ],
    });
    const itemStatus = ITEM_STATUS_AT_END[status];
    if (run.itemId && itemStatus) {
      await this.items.moveIfAllowed(run, run.itemId, itemStatus, `${run.executionId}:end`);
    }
    await this.reporter.status(report, run.itemId ? [run.itemId] : undefined);
  }
}
