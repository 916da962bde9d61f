import { randomUUID } from 'node:crypto';

import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

import { ProjectEntity, WorkspaceEntity } from './identity.entities';

/** Workspaces and projects as written; the hot reads are DirectoryReads'. */
@Injectable()
export class WorkspaceRepository {
  constructor(private readonly dataSource: DataSource) {}

  existsNamed(organizationId: string, name: string): Promise<boolean> {
    return this.dataSource.manager.exists(WorkspaceEntity, { where: { organizationId, name } });
  }

  insertWorkspace(
    organizationId: string,
    name: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<WorkspaceEntity> {
    const row = manager.create(WorkspaceEntity, {
      id: randomUUID(),
      organizationId,
      name,
      createdAt: new Date(),
    });
    return manager.save(row);
  }

  insertProject(
    project: { organizationId: string; workspaceId: string; name: string },
    manager: EntityManager = this.dataSource.manager,
  ): Promise<ProjectEntity> {
    const row = manager.create(ProjectEntity, {
      id: randomUUID(),
      ...project,
      createdAt: new Date(),
    });
    return manager.save(row);
  }
}
