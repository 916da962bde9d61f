import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

import { FlowVersionEntity } from './flows.entities';
import { columns } from './typeorm-partials';

const NEWEST_FIRST = { major: 'DESC', minor: 'DESC', patch: 'DESC' } as const;

/** Published versions (table flows.flow_versions): immutable snapshots of a flow's draft. */
@Injectable()
export class FlowVersionRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(manager: EntityManager, version: FlowVersionEntity): Promise<FlowVersionEntity> {
    const row = manager.create(FlowVersionEntity, version);
    await manager.insert(FlowVersionEntity, columns<FlowVersionEntity>(row));
    return row;
  }

  /** The highest version of the flow, or null before its first publish. */
  latest(
    flowId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<FlowVersionEntity | null> {
    return manager.findOne(FlowVersionEntity, { where: { flowId }, order: NEWEST_FIRST });
  }

  named(
    flowId: string,
    version: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<FlowVersionEntity | null> {
    return manager.findOne(FlowVersionEntity, { where: { flowId, version } });
  }

  find(
    versionId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<FlowVersionEntity | null> {
    return manager.findOne(FlowVersionEntity, { where: { id: versionId } });
  }

  /** The versions with these ids (none asked, none read). */
  async findMany(versionIds: string[]): Promise<FlowVersionEntity[]> {
    if (versionIds.length === 0) return [];
    return this.dataSource.manager
      .createQueryBuilder(FlowVersionEntity, 'version')
      .where('version.id IN (:...ids)', { ids: versionIds })
      .getMany();
  }

  listOfFlow(flowId: string): Promise<FlowVersionEntity[]> {
    return this.dataSource.manager.find(FlowVersionEntity, {
      where: { flowId },
      order: NEWEST_FIRST,
    });
  }
}
