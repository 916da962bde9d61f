import { ServiceTransactions } from '@docket/persistence';
import { Injectable } from '@nestjs/common';

import { ApiKeyService } from '../api-keys/api-key.service';
import { OrganizationRepository } from '../database/organization.repository';
import { UserRepository } from '../database/user.repository';
import { WorkspaceRepository } from '../database/workspace.repository';

export interface BootstrapResult {
  organizationId: string;
  workspaceId: string;
  projectId: string;
  userId: string;
  apiKey: string;
}

/** Creates the first organization with a workspace, a project, an Admin and an API key. */
@Injectable()
export class BootstrapService {
  constructor(
    private readonly transactions: ServiceTransactions,
    private readonly organizations: OrganizationRepository,
    private readonly workspaces: WorkspaceRepository,
    private readonly users: UserRepository,
    private readonly apiKeys: ApiKeyService,
  ) {}

  async bootstrap(organizationName: string, adminEmail: string): Promise<BootstrapResult> {
    return this.transactions.run(async (manager) => {
      const organization = await this.organizations.insert(manager, organizationName);
      const workspace = await this.workspaces.insertWorkspace(
        organization.id,
        'Default workspace',
        manager,
      );
      const project = await this.workspaces.insertProject(
        { organizationId: organization.id, workspaceId: workspace.id, name: 'Default AI Agent' },
        manager,
      );
      const admin = await this.users.insert(manager, {
        organizationId: organization.id,
        email: adminEmail,
        name: adminEmail.split('@')[0],
        role: 'Admin',
      });
      const key = await this.apiKeys.insertKey(manager, organization.id, admin.id, 'bootstrap');
      return {
        organizationId: organization.id,
        workspaceId: workspace.id,
        projectId: project.id,
        userId: admin.id,
        apiKey: key.apiKey,
      };
    });
  }

  async organizationCount(): Promise<number> {
    return this.organizations.count();
  }
}
