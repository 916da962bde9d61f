import { randomUUID } from 'node:crypto';

import type { FlowGraph } from '@docket/contracts';
import { apiRequest, createTestOrganization, TestOrganization } from '@docket/testing';

import { requestUpload } from '../files/support/files-api';
import {
  API_ONLY,
  Body,
  createdFlowId,
  createFlow,
  graphOf,
  saveDraft,
} from '../flows/support/flows-api';

/**
 * Issue 11, finding 7: a flow may not name another organization's resources. Ids in node
 * settings are checked when a draft is created or saved, as the caller, with the 404 any foreign
 * id gets; nothing is stored.
 */
describe('flow configurations name only resources their builder can see', () => {
  let mine: TestOrganization;
  let theirs: TestOrganization;
  let theirFileId: string;
  let myFileId: string;

  const matchingOn = (referenceFileId: string): FlowGraph =>
    graphOf(
      [
        { id: 'trigger', type: 'trigger.api' },
        {
          id: 'match',
          type: 'action.matching',
          config: { referenceFileId, match: [{ field: 'policy_number', column: 'policy' }] },
        },
      ],
      [['trigger', 'match']],
    );

  const upload = async (org: TestOrganization) => {
    const ticket = await requestUpload(org.admin.token, {
      filename: 'reference.pdf',
      workspaceId: org.workspaceId,
    });
    expect(ticket.status).toBe(201);
    return ticket.body.fileId;
  };

  beforeAll(async () => {
    [mine, theirs] = await Promise.all([createTestOrganization(), createTestOrganization()]);
    [myFileId, theirFileId] = await Promise.all([upload(mine), upload(theirs)]);
  }, 60_000);

  it.each([
    ['another organization', () => theirFileId],
    ['no organization', () => randomUUID()],
  ])("refuses a new flow naming %s's file with 404 and creates nothing", async (_, fileId) => {
    const created = await createFlow(mine.admin.token, mine.projectId, matchingOn(fileId()));
    expect({ status: created.status, code: created.body.code }).toEqual({
      status: 404,
      code: 'NOT_FOUND',
    });
    expect(created.body.message).toContain('referenceFileId');
    const flows = await apiRequest<Body>('GET', `/projects/${mine.projectId}/flows`, {
      token: mine.admin.token,
    });
    expect(flows.body.totalCount).toBe(0);
  });

  it("refuses a draft naming another organization's file and keeps the draft it had", async () => {
    const flowId = await createdFlowId(mine.admin.token, mine.projectId, API_ONLY);
    const saved = await saveDraft(mine.admin.token, flowId, matchingOn(theirFileId));
    expect({ status: saved.status, code: saved.body.code }).toEqual({
      status: 404,
      code: 'NOT_FOUND',
    });
    const flow = await apiRequest<Body>('GET', `/flows/${flowId}`, { token: mine.admin.token });
    expect(flow.body.draft).toEqual(API_ONLY);
  });

  it("accepts the organization's own file", async () => {
    const flowId = await createdFlowId(mine.admin.token, mine.projectId, API_ONLY);
    const saved = await saveDraft(mine.admin.token, flowId, matchingOn(myFileId));
    expect(saved.status).toBe(200);
    const created = await createFlow(mine.admin.token, mine.projectId, matchingOn(myFileId));
    expect(created.status).toBe(201);
  });
});
