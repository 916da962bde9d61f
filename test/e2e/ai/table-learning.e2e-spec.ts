import { createTestOrganization, TestOrganization, TestUser } from '@docket/testing';

import { uploadFile } from '../files/support/files-api';
import {
  Body,
  graphOf,
  liveFlow,
  startedRun,
  steps,
  waitForStatus,
} from '../flows/support/flows-api';
import type { PlacedRun } from './support/placed-pdf';
import { placedScan, type ScanPose } from './support/placed-scan';
import { byKey, openReview } from './support/review-session';

// Two scans are OCR'd on a shared machine, each in a run of its own.
jest.setTimeout(600_000);

const TERMINAL = ['completed', 'failed', 'canceled'];

type Row = [claim: string, paid: string, reserve: string];

/**
 * A carrier's loss run whose captions no plain label names: the policy number printed as
 * "Contract ID", the claims table headed "Matter", "Disbursed", "Held Back". The layout is the
 * same for every run of the carrier; the values and the number of claims change.
 */
function carrierLossRun(policy: string, rows: readonly Row[]): PlacedRun[] {
  return [
    { x: 60, y: 50, text: 'HARBOR MUTUAL - LOSS HISTORY', size: 14 },
    { x: 60, y: 90, text: 'Contract ID' },
    { x: 160, y: 90, text: policy },
    { x: 330, y: 90, text: 'Branch' },
    { x: 400, y: 90, text: 'Tampa' },
    { x: 60, y: 140, text: 'Matter' },
    { x: 420, y: 140, text: 'Disbursed' },
    { x: 250, y: 140, text: 'Held Back' },
    ...rows.flatMap(([claim, paid, reserve], i): PlacedRun[] => [
      { x: 60, y: 162 + i * 18, text: claim },
      { x: 250, y: 162 + i * 18, text: reserve },
      { x: 420, y: 162 + i * 18, text: paid },
    ]),
    { x: 60, y: 400, text: 'Figures as of the close of the last business day.' },
  ];
}

const PLAIN_CONFIG = {
  fields: [
    { key: 'policy_number', type: 'string', label: 'Policy number' },
    {
      key: 'claims',
      type: 'table',
      columns: [
        { key: 'claim_number', type: 'string', label: 'Claim Number' },
        { key: 'paid', type: 'money', label: 'Paid' },
        { key: 'reserve', type: 'money', label: 'Reserve' },
      ],
    },
  ],
};

const GRAPH = graphOf(
  [
    { id: 'start', type: 'trigger.api' },
    { id: 'extract', type: 'ai.extract', config: PLAIN_CONFIG },
    { id: 'review', type: 'action.review', config: { instructions: 'Check the loss run' } },
  ],
  [
    ['start', 'extract'],
    ['extract', 'review'],
  ],
);

const money = (printed: string) => ({
  amount: Number(printed.replace(/[$,]/g, '')),
  currency: 'USD',
});
const asValue = (rows: readonly Row[]) =>
  rows.map(([claim, paid, reserve]) => ({
    claim_number: claim,
    paid: money(paid),
    reserve: money(reserve),
  }));

/**
 * Issue 28 item 5, through the gateway: a reviewer corrects a scanned loss run's table and its
 * policy number; the next scan of that layout, turned and shifted otherwise on the glass and
 * with more claims, is recognised as the layout, and its table is read under the headers the
 * review taught, with no change to the configuration.
 */
describe('a reviewed table teaches the layout, and the next scan of it is read from memory', () => {
  let org: TestOrganization;
  let reviewer: TestUser;

  beforeAll(async () => {
    org = await createTestOrganization();
    reviewer = await org.addUser('Reviewer');
  }, 60_000);

  it('reads the second scan’s table from what the review taught', async () => {
    const taughtRows: Row[] = [
      ['CL-40017', '$1,250.00', '$300.00'],
      ['CL-40022', '$880.50', '$0.00'],
      ['CL-40031', '$4,100.00', '$2,750.00'],
    ];
    const upload = async (name: string, policy: string, rows: Row[], pose: ScanPose) =>
      uploadFile(
        org.admin.token,
        org.workspaceId,
        name,
        await placedScan(carrierLossRun(policy, rows), pose),
      );
    const first = await upload('loss-run-1.pdf', 'HM-58120', taughtRows, {
      degrees: 0.8,
      dx: 4,
      dy: -3,
    });
    expect(first.status).toBe('READY');

    const flowId = await liveFlow(org.admin.token, org.projectId, GRAPH);
    const firstRun = await startedRun(org.admin.token, flowId, { fileIds: [first.fileId] });
    const waiting = await waitForStatus(
      org.admin.token,
      firstRun,
      ['in_review', ...TERMINAL],
      300_000,
    );
    expect(waiting.status).toBe('in_review');
    const zeroShot = byKey(
      ((await steps(org.admin.token, firstRun)).find((s) => s.nodeId === 'extract')?.output as Body)
        .fields as Body[],
    );
    // Before any review nothing is read from memory, and the table is not read as printed.
    expect(zeroShot.claims.source).not.toBe('layout-memory');
    expect(zeroShot.claims.value).not.toEqual(asValue(taughtRows));

    // The reviewer corrects the table row by row and the policy number, and submits.
    const itemId = (waiting.itemIds as string[])[0];
    const session = await openReview(reviewer.token, org.projectId, itemId);
    const corrected = await session.correct('claims', {
      value: taughtRows.map(([claim, paid, reserve]) => ({ claim_number: claim, paid, reserve })),
    });
    expect(corrected.status).toBe(200);
    expect(corrected.body.value).toEqual(asValue(taughtRows));
    expect((await session.correct('policy_number', { value: 'HM-58120' })).status).toBe(200);
    expect((await session.submit()).status).toBe(200);
    const done = await waitForStatus(org.admin.token, firstRun, TERMINAL, 300_000);
    expect(done.status).toBe('completed');
    const review = (await steps(org.admin.token, firstRun)).find((s) => s.nodeId === 'review');
    expect((review?.output as Body).layoutFeedback).toEqual([
      expect.objectContaining({ status: 'learned', version: 1 }),
    ]);

    // The next scan of the layout: other values, four claims, laid otherwise on the glass.
    const nextRows: Row[] = [
      ['CL-51002', '$640.00', '$125.00'],
      ['CL-51009', '$2,310.75', '$900.00'],
      ['CL-51013', '$75.20', '$0.00'],
      ['CL-51020', '$12,400.00', '$5,000.00'],
    ];
    const second = await upload('loss-run-2.pdf', 'HM-73051', nextRows, {
      degrees: -0.4,
      dx: -3,
      dy: 4,
    });
    expect(second.status).toBe('READY');
    const secondRun = await startedRun(org.admin.token, flowId, { fileIds: [second.fileId] });
    await waitForStatus(org.admin.token, secondRun, ['in_review', ...TERMINAL], 300_000);
    const read = byKey(
      (
        (await steps(org.admin.token, secondRun)).find((s) => s.nodeId === 'extract')
          ?.output as Body
      ).fields as Body[],
    );
    // Recognised as the reviewed layout (a memory applies only to a page whose fingerprint
    // matches), and its table read under the headers the review taught: every row and column
    // right, the paid column included, which nothing but the review names.
    expect(read.claims).toMatchObject({ source: 'layout-memory', value: asValue(nextRows) });
    expect(read.claims.flagReasons).toEqual([]);
  });
});
