import { FileReadyEvent, FileReadyEventV1 } from '@docket/contracts';
import { createLogger, JetStreamEvents, Subscription } from '@docket/platform';
import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';

import { FlowRepository } from '../database/flow.repository';
import { FlowVersionEntity } from '../database/flows.entities';
import { FlowVersionCache } from '../runs/flow-version.cache';
import { RunLauncher } from '../runs/run-launcher.service';

const logger = createLogger('file-trigger');

/**
 * File triggers: every READY file of a workspace starts one run of each active flow there
 * whose trigger is `trigger.file` (and whose category, when set, matches the file's). The
 * trigger key `file:<fileId>` makes a redelivered event start nothing twice.
 */
@Injectable()
export class FileTriggerConsumer implements OnApplicationBootstrap, OnApplicationShutdown {
  private subscription?: Subscription;

  constructor(
    private readonly events: JetStreamEvents,
    private readonly flowRows: FlowRepository,
    private readonly versions: FlowVersionCache,
    private readonly launcher: RunLauncher,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.subscription = await this.events.consume(FileReadyEventV1, {
      durable: 'flows-file-trigger',
      concurrency: 4,
      // Only files that become ready from now on; a new stack must not replay old uploads.
      deliverPolicy: 'new',
      handle: (event) => this.onFileReady(event),
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscription?.stop();
  }

  async onFileReady(event: FileReadyEvent): Promise<void> {
    // E-mails and archives have no pages of their own; their unpacked children get events.
    if (event.pageCount === 0 && event.documentIds.length === 0) return;
    const flows = await this.flowRows.activeInWorkspace(event.organizationId, event.workspaceId);
    for (const flow of flows) {
      const version = await this.versions.get(flow.activeVersionId as string);
      if (!version || !matches(version, event)) continue;
      const executionId = await this.launcher.launch({
        flow,
        version,
        trigger: 'file',
        input: {
          file: { fileId: event.fileId, filename: event.filename, category: event.category },
        },
        fileIds: [event.fileId],
        environmentId: flow.activeEnvironmentId,
        startedBy: null,
        triggerKey: `file:${event.fileId}`,
      });
      if (executionId) {
        logger.info({ flowId: flow.id, fileId: event.fileId, executionId }, 'file started a run');
      }
    }
  }
}

function matches(version: FlowVersionEntity, event: FileReadyEvent): boolean {
  if (version.triggerType !== 'trigger.file') return false;
  const category = version.triggerConfig.category;
  return category === undefined || category === event.category;
}
