import { flowScheduleId } from '@docket/contracts';
import {
  apiRequest,
  createTestOrganization,
  eventually,
  TEST_PROFILE,
  TestOrganization,
} from '@docket/testing';
import { Client, Connection, ScheduleNotFoundError } from '@temporalio/client';

import { activate, Body, graphOf, liveFlow, steps, waitForStatus } from './support/flows-api';

/**
 * A schedule trigger is a Temporal schedule that exists exactly while the flow is active. The
 * test fires the schedule at once (instead of waiting for the cron) and follows the run it
 * starts through the API.
 */
describe('schedule trigger', () => {
  let org: TestOrganization;
  let connection: Connection;
  let client: Client;

  beforeAll(async () => {
    org = await createTestOrganization();
    connection = await Connection.connect({
      address: process.env.TEMPORAL_ADDRESS ?? '127.0.0.1:7233',
    });
    client = new Client({ connection, namespace: TEST_PROFILE.env.TEMPORAL_NAMESPACE });
  });

  afterAll(async () => {
    await connection?.close();
  });

  it('creates the schedule on activate, starts runs on its ticks, and removes it on deactivate', async () => {
    const flowId = await liveFlow(
      org.admin.token,
      org.projectId,
      graphOf(
        [
          {
            id: 'tick',
            type: 'trigger.schedule',
            config: { cron: '0 3 * * *', input: { report: 'nightly' } },
          },
          {
            id: 'name',
            type: 'utility.transform',
            config: { expression: 'input.report & " report"' },
          },
        ],
        [['tick', 'name']],
      ),
    );
    const schedule = client.schedule.getHandle(flowScheduleId(flowId));
    const described = await schedule.describe();
    // Temporal keeps the cron "0 3 * * *" as a calendar: minute 0 of hour 3.
    expect(described.spec.calendars?.[0]).toMatchObject({
      hour: [{ start: 3, end: 3 }],
      minute: [{ start: 0, end: 0 }],
    });

    await schedule.trigger();
    const executionId = await eventually(async () => {
      const list = await apiRequest<{ data: Body[] }>(
        'GET',
        `/flow-executions?projectId=${org.projectId}&flowId=${flowId}&trigger=schedule`,
        { token: org.admin.token },
      );
      return list.body.data[0]?.executionId as string | undefined;
    }, 30_000);
    const done = await waitForStatus(org.admin.token, executionId, [
      'completed',
      'failed',
      'canceled',
    ]);
    expect(done).toMatchObject({
      status: 'completed',
      trigger: 'schedule',
      input: { report: 'nightly' },
      startedBy: null,
    });
    expect(
      (await steps(org.admin.token, executionId)).find((s) => s.nodeId === 'name')?.output,
    ).toBe('nightly report');

    const off = await apiRequest<Body>('POST', `/flows/${flowId}/deactivate`, {
      token: org.admin.token,
    });
    expect(off.status).toBe(200);
    await expect(schedule.describe()).rejects.toBeInstanceOf(ScheduleNotFoundError);

    // Active again, then switched to an API trigger: the schedule goes with the trigger.
    await activate(org.admin.token, flowId);
    await expect(schedule.describe()).resolves.toBeDefined();
    await apiRequest('PUT', `/flows/${flowId}/draft`, {
      token: org.admin.token,
      body: { graph: graphOf([{ id: 'api', type: 'trigger.api' }]) },
    });
    await apiRequest('POST', `/flows/${flowId}/publish`, {
      token: org.admin.token,
      body: { bump: 'major' },
    });
    await activate(org.admin.token, flowId);
    await expect(schedule.describe()).rejects.toBeInstanceOf(ScheduleNotFoundError);
  });
});
