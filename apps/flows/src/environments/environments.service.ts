import { randomUUID } from 'node:crypto';

import { CreateEnvironmentRequest, EnvironmentRecord } from '@docket/contracts';
import { Actor, DocketException } from '@docket/platform';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { EnvironmentEntity } from '../database/flows.entities';

/** Organization-level runtime contexts in which variables take their values. */
@Injectable()
export class EnvironmentsService {
  constructor(private readonly dataSource: DataSource) {}

  async create(actor: Actor, request: CreateEnvironmentRequest): Promise<EnvironmentRecord> {
    const clash = await this.dataSource.manager.count(EnvironmentEntity, {
      where: { organizationId: actor.organizationId, name: request.name },
    });
    if (clash > 0) throw DocketException.conflict(`An environment named "${request.name}" exists`);
    const row = this.dataSource.manager.create(EnvironmentEntity, {
      id: randomUUID(),
      organizationId: actor.organizationId,
      name: request.name,
      description: request.description ?? '',
      createdBy: actor.userId,
      createdAt: new Date(),
    });
    await this.dataSource.manager.insert(EnvironmentEntity, row);
    return toRecord(row);
  }

  async list(actor: Actor): Promise<EnvironmentRecord[]> {
    const rows = await this.dataSource.manager.find(EnvironmentEntity, {
      where: { organizationId: actor.organizationId },
      order: { createdAt: 'ASC' },
    });
    return rows.map(toRecord);
  }
}

function toRecord(row: EnvironmentEntity): EnvironmentRecord {
  return {
    environmentId: row.id,
    name: row.name,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
  };
}
