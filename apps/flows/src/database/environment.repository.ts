import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

import { EnvironmentEntity } from './flows.entities';

/** Environments (table flows.environments): the organization's runtime contexts. */
@Injectable()
export class EnvironmentRepository {
  constructor(private readonly dataSource: DataSource) {}

  async existsInOrganization(
    environmentId: string,
    organizationId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<boolean> {
    const found = await manager.count(EnvironmentEntity, {
      where: { id: environmentId, organizationId },
    });
    return found > 0;
  }

  async nameTaken(organizationId: string, name: string): Promise<boolean> {
    const clash = await this.dataSource.manager.count(EnvironmentEntity, {
      where: { organizationId, name },
    });
    return clash > 0;
  }

  async insert(environment: EnvironmentEntity): Promise<EnvironmentEntity> {
    const row = this.dataSource.manager.create(EnvironmentEntity, environment);
    await this.dataSource.manager.insert(EnvironmentEntity, row);
    return row;
  }

  listOfOrganization(organizationId: string): Promise<EnvironmentEntity[]> {
    return this.dataSource.manager.find(EnvironmentEntity, {
      where: { organizationId },
      order: { createdAt: 'ASC' },
    });
  }
}
