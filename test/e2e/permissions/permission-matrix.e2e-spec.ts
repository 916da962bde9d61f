import { isAllowed, Operation, OPERATIONS, ROLES } from '@docket/platform';
import { apiRequest, createTestOrganization, TestOrganization, TestUser } from '@docket/testing';
import { readdirSync } from 'node:fs';
import path from 'node:path';

import { PermissionProbe } from './permission-probe';

/** Every *.probes.ts beside this file contributes probes; together they must cover the matrix. */
function loadProbes(): PermissionProbe[] {
  return readdirSync(__dirname)
    .filter((file) => file.endsWith('.probes.ts'))
    .flatMap((file) => Object.values(require(path.join(__dirname, file)) as Record<string, PermissionProbe[]>).flat());
}

describe('permission matrix, walked for every role', () => {
  const probes = loadProbes();
  let org: TestOrganization;
  const users = new Map<string, TestUser>();

  beforeAll(async () => {
    org = await createTestOrganization();
    users.set('Admin', org.admin);
    users.set('Partner', await org.addUser('Partner'));
    users.set('Reviewer', await org.addUser('Reviewer'));
  });

  it('has exactly one probe for every operation of the matrix', () => {
    const probed = probes.map((p) => p.operation).sort();
    expect(probed).toEqual([...OPERATIONS].sort());
  });

  const cases = OPERATIONS.flatMap((operation) => ROLES.map((role) => [operation, role] as const));
  it.each(cases)('%s as %s', async (operation, role) => {
    const probe = probes.find((p) => p.operation === operation);
    expect(probe).toBeDefined();
    const { method, url, body } = probe!.request({ projectId: org.projectId, workspaceId: org.workspaceId });
    const response = await apiRequest(method, url, { token: users.get(role)!.token, body });
    if (isAllowed(role, operation as Operation)) {
      expect({ operation, role, status: response.status }).not.toEqual({ operation, role, status: 401 });
    } else {
      expect({ operation, role, status: response.status, code: response.body.code }).toEqual({
        operation,
        role,
        status: 401,
        code: 'PERMISSION_DENIED',
      });
    }
  });
});
