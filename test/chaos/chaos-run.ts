import type { FlowGraph } from '@docket/contracts';
import { createTestOrganization, eventually, TestOrganization } from '@docket/testing';

import { CLAIM_POLICY_NUMBER_FIELD, claimForm } from '../e2e/flows/support/claim-documents';
import { environmentWithVariable, graphOf, liveFlow } from '../e2e/flows/support/flows-api';
import { WebhookReceiver } from '../e2e/flows/support/webhook-receiver';
import { FaultKind, inject, InjectedFault } from './faults';
import { isTransient, TrafficLog } from './traffic-log';
import { ChaosReport, verdictOf } from './verdict';

/**
 * The fault suite: a steady load of uploads (to READY), file-triggered runs (to review, submit
 * and a write-back to a local receiver) and API reads, while faults are injected one at a time;
 * then a drain, and the evidence the verdict judges (./verdict.ts).
 */
export interface ChaosOptions {
  /** Fault kinds, injected in this order, `rounds` times over. */
  faults: FaultKind[];
  rounds: number;
  /** Uploads started per second (each becomes a run). */
  uploadsPerSecond: number;
  /** Longest wait for the system to recover after one fault before the next. */
  settleTimeoutMs: number;
  /** At the end, how long runs may stop completing before the drain gives up. */
  drainStallMs: number;
  say: (line: string) => void;
}

export interface Upload {
  fileId: string;
  /** When the PUT of the bytes was answered 201: from then on the file must reach READY. */
  storedAt: number;
}

/** What the run observed, for the verdict. */
export interface ChaosEvidence {
  log: TrafficLog;
  faults: InjectedFault[];
  uploads: Upload[];
  /** executionId -> when the review was submitted. */
  submittedAt: Map<string, number>;
  receiver: WebhookReceiver;
  org: TestOrganization;
  flowId: string;
  startedAt: number;
}

const SECRET = `whsec-chaos-${Math.random().toString(36).slice(2)}`;
const CATEGORY = 'chaos';

/** Upload -> extract -> review -> write-back: the product's main path, every run reviewed. */
function chaosGraph(url: string): FlowGraph {
  return graphOf(
    [
      { id: 'upload', type: 'trigger.file', config: { category: CATEGORY } },
      {
        id: 'extract',
        type: 'ai.extract',
        config: {
          fields: [
            CLAIM_POLICY_NUMBER_FIELD,
            { key: 'claim_amount', type: 'money', label: 'Claim Amount' },
          ],
        },
      },
      { id: 'review', type: 'action.review', config: { instructions: 'Check the claim' } },
      { id: 'send', type: 'action.write-back', config: { url, secretVariable: 'WEBHOOK_SECRET' } },
    ],
    [
      ['upload', 'extract'],
      ['extract', 'review'],
      ['review', 'send', 'submitted'],
    ],
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class Traffic {
  private stopped = false;
  private uploadsStopped = false;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly loops: Promise<void>[] = [];
  private pdf?: Buffer;

  constructor(
    private readonly evidence: ChaosEvidence,
    private readonly options: ChaosOptions,
  ) {}

  async start(): Promise<void> {
    this.pdf = await claimForm({
      policyNumber: 'PN-123456',
      insuredName: 'Jane Doe',
      dateOfLoss: '03/14/2025',
      claimAmount: '$1,250.00',
    });
    this.loops.push(this.uploadLoop(), this.reviewLoop(), this.readLoop());
  }

  stopUploads(): Promise<void> {
    this.uploadsStopped = true;
    return Promise.all([...this.inFlight]).then(() => undefined);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.loops);
  }

  private async uploadLoop(): Promise<void> {
    const interval = 1000 / this.options.uploadsPerSecond;
    let next = Date.now();
    while (!this.uploadsStopped && !this.stopped) {
      const task = this.uploadOne().finally(() => this.inFlight.delete(task));
      this.inFlight.add(task);
      next += interval;
      await sleep(Math.max(0, next - Date.now()));
    }
  }

  private async uploadOne(): Promise<void> {
    const { log, org } = this.evidence;
    const ticket = await log.call<{ fileId: string; uploadUrl: string }>(
      'POST',
      '/files',
      'POST /files',
      { body: { filename: 'claim.pdf', workspaceId: org.workspaceId, category: CATEGORY } },
    );
    if (ticket.status !== 201) return;
    // Storage (Azurite) is outside the faults; a refused PUT is still retried like a client.
    for (let attempt = 1; attempt <= 20; attempt++) {
      try {
        const put = await fetch(ticket.body.uploadUrl, {
          method: 'PUT',
          headers: { 'x-ms-blob-type': 'BlockBlob', 'content-type': 'application/pdf' },
          body: this.pdf,
        });
        if (put.status === 201) {
          this.evidence.uploads.push({ fileId: ticket.body.fileId, storedAt: Date.now() });
          return;
        }
      } catch {
        // retried below
      }
      await sleep(500);
    }
  }

  /** A reviewer working the queue: every run waiting in review is locked and submitted. */
  private async reviewLoop(): Promise<void> {
    const { log, org, flowId, submittedAt } = this.evidence;
    while (!this.stopped) {
      const waiting = await log.once<{ data: Array<{ executionId: string; itemIds: string[] }> }>(
        'GET',
        `/flow-executions?projectId=${org.projectId}&flowId=${flowId}&status=in_review&limit=100&sortOrder=asc`,
        'GET /flow-executions (in review)',
      );
      for (const execution of waiting.status === 200 ? waiting.body.data : []) {
        if (submittedAt.has(execution.executionId) || this.stopped) continue;
        const itemId = execution.itemIds[0];
        if (!itemId) continue;
        const lock = await log.call('POST', `/items/${itemId}/lock`, 'POST lock', {
          deadlineMs: 30_000,
        });
        if (lock.status !== 200) continue;
        const submit = await log.call('POST', `/items/${itemId}/submit`, 'POST submit', {
          deadlineMs: 60_000,
        });
        if (submit.status === 200) submittedAt.set(execution.executionId, Date.now());
      }
      await sleep(waiting.status === 200 && waiting.body.data.length > 0 ? 100 : 500);
    }
  }

  /** What a dashboard or an integrator polls: the items and runs lists, a file. */
  private async readLoop(): Promise<void> {
    const { log, org, flowId, uploads } = this.evidence;
    while (!this.stopped) {
      await log.once('GET', `/items?projectId=${org.projectId}&limit=20`, 'GET /items');
      await log.once(
        'GET',
        `/flow-executions?projectId=${org.projectId}&flowId=${flowId}&limit=20`,
        'GET /flow-executions',
      );
      const recent = uploads[uploads.length - 1];
      if (recent) await log.once('GET', `/files/${recent.fileId}`, 'GET /files/:id');
      await sleep(300);
    }
  }
}

/** Resolves once a run whose review was submitted after `since` has delivered its write-back. */
async function pipelineWorksAfter(
  evidence: ChaosEvidence,
  since: number,
  timeoutMs: number,
): Promise<number | undefined> {
  try {
    return await eventually(
      async () => {
        const delivery = evidence.receiver.deliveries.find(
          (d) => (evidence.submittedAt.get(d.executionId) ?? 0) > since,
        );
        return delivery?.receivedAt;
      },
      timeoutMs,
      200,
    );
  } catch {
    return undefined;
  }
}

async function setUp(): Promise<Omit<ChaosEvidence, 'log' | 'startedAt'> & { apiKey: string }> {
  const org = await createTestOrganization();
  const receiver = new WebhookReceiver(SECRET);
  const url = await receiver.start();
  const environmentId = await environmentWithVariable(org.admin.token, org.projectId, {
    name: 'WEBHOOK_SECRET',
    value: SECRET,
  });
  const flowId = await liveFlow(org.admin.token, org.projectId, chaosGraph(url), {
    environmentId,
  });
  return {
    org,
    receiver,
    flowId,
    faults: [],
    uploads: [],
    submittedAt: new Map(),
    apiKey: org.apiKey,
  };
}

export async function runChaos(options: ChaosOptions): Promise<ChaosReport> {
  const setup = await setUp();
  const evidence: ChaosEvidence = {
    ...setup,
    log: new TrafficLog(setup.apiKey),
    startedAt: Date.now(),
  };
  const traffic = new Traffic(evidence, options);
  try {
    await traffic.start();
    const warmedUp = await pipelineWorksAfter(evidence, evidence.startedAt, 180_000);
    if (warmedUp === undefined) throw new Error('no run reached its write-back before any fault');
    options.say(`steady: first write-back after ${warmedUp - evidence.startedAt} ms`);
    for (let round = 1; round <= options.rounds; round++) {
      for (const kind of options.faults) {
        const fault = await inject(kind);
        evidence.faults.push(fault);
        const recovered = await pipelineWorksAfter(
          evidence,
          fault.injectedAt,
          options.settleTimeoutMs,
        );
        if (fault.foundDead) {
          options.say(`round ${round} ${kind}: ${fault.target} had already exited; restarted it`);
        }
        options.say(
          `round ${round} ${kind} (${fault.target}): back in ${fault.restoredAt - fault.injectedAt} ms, ` +
            (recovered === undefined
              ? `NO write-back within ${options.settleTimeoutMs} ms`
              : `next write-back after ${recovered - fault.injectedAt} ms`),
        );
      }
    }
    options.say('faults done; draining (every uploaded file to its write-back)');
    await traffic.stopUploads();
    await drain(evidence, options.drainStallMs);
  } finally {
    await traffic.stop();
    await evidence.receiver.stop();
  }
  return verdictOf(evidence);
}

/**
 * Waits until every stored upload's run completed. Files work off their backlog at their own
 * pace, so the wait lasts while runs keep completing and gives up only after `stallMs` without
 * one.
 */
async function drain(evidence: ChaosEvidence, stallMs: number): Promise<void> {
  let completed = -1;
  let progressAt = Date.now();
  while (Date.now() - progressAt < stallMs) {
    const page = await evidence.log.once<{ totalCount: number }>(
      'GET',
      `/flow-executions?projectId=${evidence.org.projectId}&flowId=${evidence.flowId}&status=completed&limit=1`,
      'GET /flow-executions (drain)',
    );
    if (!isTransient(page.status)) {
      if (page.body.totalCount >= evidence.uploads.length) return;
      if (page.body.totalCount > completed) progressAt = Date.now();
      completed = page.body.totalCount;
    }
    await sleep(1000);
  }
}
