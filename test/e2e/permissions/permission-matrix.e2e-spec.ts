import { isAllowed, Operation, OPERATIONS, ROLES } from '@docket/platform';
import { apiRequest, createTestOrganization, TestOrganization, TestUser } from '@docket/testing';

import { filesProbes } from './files.probes';
import { flowsProbes } from './flows.probes';
import { identityProbes } from './identity.probes';
import { itemsProbes } from './items.probes';
import { PermissionProbe } from './permission-probe';

/** One probe per operation, contributed by each service's probe file. */
function loadProbes(): PermissionProbe[] {
  return [...identityProbes, ...filesProbes, ...itemsProbes, ...flowsProbes];
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
    const { method, url, body } = probe!.request({
      projectId: org.projectId,
      workspaceId: org.workspaceId,
    });
    const response = await apiRequest(method, url, { token: users.get(role)!.token, body });
    if (isAllowed(role, operation as Operation)) {
      expect({ operation, role, status: response.status }).not.toEqual({
        operation,
        role,
        status: 401,
      });
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
