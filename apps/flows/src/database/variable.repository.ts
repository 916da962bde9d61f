import type { VariableScope } from '@docket/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

import { VariableEntity } from './flows.entities';

/** Matches no project: an `IN ()` list must name at least one. */
const NO_PROJECT = '00000000-0000-4000-8000-000000000000';

/** Which variables a page lists, and which projects the reader may see ('all' or these). */
export interface VariableFilter {
  organizationId: string;
  environmentId?: string;
  scope?: VariableScope;
  scopeId?: string;
  projects: 'all' | readonly string[];
}

/** Variables (table flows.variables), sealed: the values are opened by the service's cipher. */
@Injectable()
export class VariableRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(manager: EntityManager, variable: VariableEntity): Promise<VariableEntity> {
    const row = manager.create(VariableEntity, variable);
    await manager.insert(VariableEntity, row);
    return row;
  }

  findInOrganization(variableId: string, organizationId: string): Promise<VariableEntity | null> {
    return this.dataSource.manager.findOne(VariableEntity, {
      where: { id: variableId, organizationId },
    });
  }

  async nameTaken(
    variable: Pick<
      VariableEntity,
      'organizationId' | 'environmentId' | 'scope' | 'scopeId' | 'name'
    >,
  ): Promise<boolean> {
    const { organizationId, environmentId, scope, scopeId, name } = variable;
    const clash = await this.dataSource.manager.count(VariableEntity, {
      where: { organizationId, environmentId, scope, scopeId, name },
    });
    return clash > 0;
  }

  /**
   * One page by name, and how many match in all. A reader limited to some projects sees the
   * workspace's variables and those of their projects and of their projects' flows.
   */
  page(filter: VariableFilter, page: number, limit: number): Promise<[VariableEntity[], number]> {
    const query = this.dataSource.manager
      .createQueryBuilder(VariableEntity, 'v')
      .where('v.organization_id = :org', { org: filter.organizationId });
    if (filter.environmentId)
      query.andWhere('v.environment_id = :env', { env: filter.environmentId });
    if (filter.scope) query.andWhere('v.scope = :scope', { scope: filter.scope });
    if (filter.scopeId) query.andWhere('v.scope_id = :scopeId', { scopeId: filter.scopeId });
    if (filter.projects !== 'all') {
      const projects = filter.projects.length > 0 ? filter.projects : [NO_PROJECT];
      query.andWhere(
        `(v.scope = 'workspace' OR (v.scope = 'project' AND v.scope_id IN (:...projects))
          OR (v.scope = 'flow' AND v.scope_id IN
            (SELECT f.id FROM flows.flows f WHERE f.project_id IN (:...projects))))`,
        { projects },
      );
    }
    return query
      .orderBy('v.name', 'ASC')
      .addOrderBy('v.id', 'ASC')
      .skip((page - 1) * limit)
      .take(limit)
      .getManyAndCount();
  }

  /** The environment's variables defined at any of these scopes (each a kind and its id). */
  atScopes(
    organizationId: string,
    environmentId: string,
    scopes: Partial<Record<VariableScope, string>>,
  ): Promise<VariableEntity[]> {
    const places = Object.entries(scopes);
    const parameters = Object.fromEntries(
      places.flatMap(([kind, id], index) => [
        [`kind${index}`, kind],
        [`id${index}`, id],
      ]),
    );
    return this.dataSource.manager
      .createQueryBuilder(VariableEntity, 'v')
      .where('v.organization_id = :org AND v.environment_id = :env', {
        org: organizationId,
        env: environmentId,
      })
      .andWhere(
        `(${places.map((_, i) => `(v.scope = :kind${i} AND v.scope_id = :id${i})`).join(' OR ')})`,
        parameters,
      )
      .getMany();
  }

  async update(
    manager: EntityManager,
    variable: Pick<VariableEntity, 'id' | 'name' | 'valueSealed' | 'dataKeyWrapped' | 'updatedAt'>,
  ): Promise<void> {
    await manager.update(
      VariableEntity,
      { id: variable.id },
      {
        name: variable.name,
        valueSealed: variable.valueSealed,
        dataKeyWrapped: variable.dataKeyWrapped,
        updatedAt: variable.updatedAt,
      },
    );
  }

  async delete(manager: EntityManager, variableId: string): Promise<void> {
    await manager.delete(VariableEntity, { id: variableId });
  }
}
