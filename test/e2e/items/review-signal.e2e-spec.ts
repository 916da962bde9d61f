import { randomUUID } from 'node:crypto';

import { ItemRecord } from '@docket/contracts';
import {
  apiRequest,
  createTestOrganization,
  TEST_PROFILE,
  TestOrganization,
  TestUser,
} from '@docket/testing';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';

import { waitForReview } from './support/review-wait.workflow';
import { RunItemsFixture } from './support/run-items.fixture';

const TEMPORAL_ADDRESS = process.env.TEMPORAL_ADDRESS ?? '127.0.0.1:7233';
const NAMESPACE = TEST_PROFILE.env.TEMPORAL_NAMESPACE;

/**
 * Submit and close reach the run: a real Temporal workflow, run by a worker inside this test on
 * its own task queue, waits for the items service's signal exactly as a flow run does.
 */
describe('review outcome signalled to the run (Temporal)', () => {
  let org: TestOrganization;
  let reviewer: TestUser;
  let runs: RunItemsFixture;
  let client: Client;
  let clientConnection: Connection;
  let workerConnection: NativeConnection;
  let worker: Worker;
  let workerDone: Promise<void>;
  const taskQueue = `items-review-e2e-${randomUUID()}`;

  beforeAll(async () => {
    [org, runs, clientConnection, workerConnection] = await Promise.all([
      createTestOrganization(),
      RunItemsFixture.connect(),
      Connection.connect({ address: TEMPORAL_ADDRESS }),
      NativeConnection.connect({ address: TEMPORAL_ADDRESS }),
    ]);
    reviewer = await org.addUser('Reviewer');
    client = new Client({ connection: clientConnection, namespace: NAMESPACE });
    worker = await Worker.create({
      connection: workerConnection,
      namespace: NAMESPACE,
      taskQueue,
      workflowsPath: require.resolve('./support/review-wait.workflow'),
    });
    workerDone = worker.run();
  }, 120_000);

  afterAll(async () => {
    worker?.shutdown();
    await workerDone;
    await Promise.all([runs.close(), clientConnection.close(), workerConnection.close()]);
  });

  /** A run's workflow and the item it created, waiting in REVIEW. */
  async function runWaitingForReview(): Promise<{ item: ItemRecord; workflowId: string }> {
    const workflowId = `exec-${randomUUID()}`;
    const item = await runs.create(org, {
      temporalWorkflowId: workflowId,
      displayName: 'Signalled claim',
    });
    await client.workflow.start(waitForReview, { taskQueue, workflowId, args: [item.id] });
    await runs.writeFields(org, item.id, [
      { key: 'total', type: 'number', value: 100 },
      { key: 'insurer', type: 'string', value: 'ACME' },
    ]);
    await runs.toReview(org, item.id);
    return { item, workflowId };
  }

  it('signals the submitted review with the reviewed fields to the waiting workflow', async () => {
    const { item, workflowId } = await runWaitingForReview();
    const token = reviewer.token;
    expect((await apiRequest('POST', `/items/${item.id}/lock`, { token })).status).toBe(200);
    const edit = await apiRequest('PATCH', `/items/${item.id}/fields/total`, {
      token,
      body: { value: 150, expectedVersion: 1 },
    });
    expect(edit.status).toBe(200);

    const submitted = await apiRequest<{ reviewId: string; runSignalled: boolean }>(
      'POST',
      `/items/${item.id}/submit`,
      { token },
    );
    expect(submitted.status).toBe(200);
    expect(submitted.body.runSignalled).toBe(true);

    const outcome = await client.workflow.getHandle(workflowId).result();
    expect(outcome).toEqual({
      kind: 'submitted',
      review: {
        itemId: item.id,
        reviewId: submitted.body.reviewId,
        reviewer: { userId: reviewer.userId, name: 'Reviewer user' },
        submittedAt: expect.any(String),
        fields: [
          {
            key: 'insurer',
            type: 'string',
            value: 'ACME',
            documentId: null,
            version: 1,
            editedInReview: false,
          },
          {
            key: 'total',
            type: 'number',
            value: 150,
            documentId: null,
            version: 2,
            editedInReview: true,
          },
        ],
      },
    });
  }, 60_000);

  it('tells the workflow when the item is closed instead', async () => {
    const { item, workflowId } = await runWaitingForReview();
    await apiRequest('POST', `/items/${item.id}/lock`, { token: reviewer.token });
    const closed = await apiRequest('POST', `/items/${item.id}/close`, {
      token: reviewer.token,
      body: { reason: 'not a claim' },
    });
    expect(closed.status).toBe(200);
    const outcome = await client.workflow.getHandle(workflowId).result();
    expect(outcome).toEqual({
      kind: 'closed',
      closed: {
        itemId: item.id,
        closedBy: { userId: reviewer.userId, name: 'Reviewer user' },
        closedAt: expect.any(String),
        reason: 'not a claim',
      },
    });
  }, 60_000);

  it('reports an unsignalled run when its workflow no longer exists, and still records the review', async () => {
    const item = await runs.create(org, { temporalWorkflowId: `exec-gone-${randomUUID()}` });
    await runs.toReview(org, item.id);
    await apiRequest('POST', `/items/${item.id}/lock`, { token: reviewer.token });
    const submitted = await apiRequest<{ runSignalled: boolean; item: ItemRecord }>(
      'POST',
      `/items/${item.id}/submit`,
      {
        token: reviewer.token,
      },
    );
    expect(submitted.status).toBe(200);
    expect(submitted.body.runSignalled).toBe(false);
    expect(submitted.body.item.itemReviews).toHaveLength(1);
  });
});
