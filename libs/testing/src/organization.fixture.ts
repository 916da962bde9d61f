import { apiRequest, exchangeToken } from './api-client';
import { bootstrapOrganization, BootstrappedOrganization } from './stack';

export interface TestUser {
  userId: string;
  role: 'Admin' | 'Partner' | 'Reviewer';
  apiKey: string;
  token: string;
}

export interface TestOrganization extends BootstrappedOrganization {
  admin: TestUser;
  /** Creates a user with the role and project grants, an API key and a token for it. */
  addUser(role: TestUser['role'], projectIds?: string[]): Promise<TestUser>;
}

/** A fresh organization per test file: tests never share state or rate-limit budgets. */
export async function createTestOrganization(): Promise<TestOrganization> {
  const org = await bootstrapOrganization();
  const adminToken = await exchangeToken(org.apiKey);
  const admin: TestUser = {
    userId: org.userId,
    role: 'Admin',
    apiKey: org.apiKey,
    token: adminToken,
  };
  return {
    ...org,
    admin,
    async addUser(role, projectIds = [org.projectId]) {
      const email = `${role.toLowerCase()}-${Math.random().toString(36).slice(2, 10)}@example.test`;
      const user = await apiRequest<{ userId: string }>('POST', '/users', {
        token: adminToken,
        body: { email, name: `${role} user`, role, projectIds },
      });
      if (user.status !== 201)
        throw new Error(`user creation failed: ${JSON.stringify(user.body)}`);
      const key = await apiRequest<{ apiKey: string }>('POST', '/api-keys', {
        token: adminToken,
        body: { userId: user.body.userId, name: 'test' },
      });
      if (key.status !== 201) throw new Error(`key creation failed: ${JSON.stringify(key.body)}`);
      return {
        userId: user.body.userId,
        role,
        apiKey: key.body.apiKey,
        token: await exchangeToken(key.body.apiKey),
      };
    },
  };
}
