import { randomUUID } from 'node:crypto';

import { CreateEnvironmentRequest, EnvironmentRecord } from '@docket/contracts';
import { Actor, DocketException } from '@docket/platform';
import { Injectable } from '@nestjs/common';

import { EnvironmentRepository } from '../database/environment.repository';
import { EnvironmentEntity } from '../database/flows.entities';

/** Organization-level runtime contexts in which variables take their values. */
@Injectable()
export class EnvironmentsService {
  constructor(private readonly environments: EnvironmentRepository) {}

  async create(actor: Actor, request: CreateEnvironmentRequest): Promise<EnvironmentRecord> {
    if (await this.environments.nameTaken(actor.organizationId, request.name))
      throw DocketException.conflict(`An environment named "${request.name}" exists`);
    const row = await this.environments.insert({
      id: randomUUID(),
      organizationId: actor.organizationId,
      name: request.name,
      description: request.description ?? '',
      createdBy: actor.userId,
      createdAt: new Date(),
    });
    return toRecord(row);
  }

  async list(actor: Actor): Promise<EnvironmentRecord[]> {
    const rows = await this.environments.listOfOrganization(actor.organizationId);
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
