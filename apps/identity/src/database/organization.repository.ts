import { randomUUID } from 'node:crypto';

import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

import { OrganizationEntity } from './identity.entities';

@Injectable()
export class OrganizationRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(manager: EntityManager, name: string): Promise<OrganizationEntity> {
    const organization = manager.create(OrganizationEntity, { id: randomUUID(), name });
    return manager.save(organization);
  }

  count(): Promise<number> {
    return this.dataSource.manager.count(OrganizationEntity);
  }
}
