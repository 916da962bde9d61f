import { randomUUID } from 'node:crypto';

import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { ApiKeyService } from '../api-keys/api-key.service';
import { OrganizationEntity } from '../database/identity.entities';
import { DirectoryService } from '../directory/directory.service';

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
    private readonly dataSource: DataSource,
    private readonly directory: DirectoryService,
    private readonly apiKeys: ApiKeyService,
  ) {}

  async bootstrap(organizationName: string, adminEmail: string): Promise<BootstrapResult> {
    return this.dataSource.transaction(async (manager) => {
      const organization = manager.create(OrganizationEntity, {
        id: randomUUID(),
        name: organizationName,
      });
      await manager.save(organization);
      const workspace = await this.directory.insertWorkspace(
        manager,
        organization.id,
        'Default workspace',
      );
      const project = await this.directory.insertProject(
        manager,
        organization.id,
        workspace.id,
        'Default AI Agent',
      );
      const admin = await this.directory.insertUser(
        manager,
        organization.id,
        adminEmail,
        adminEmail.split('@')[0],
        'Admin',
      );
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
    return this.dataSource.manager.count(OrganizationEntity);
  }
}
