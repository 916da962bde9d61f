import {
  ClassifierModelStore,
  modelVersionConflict,
  NaiveBayesModel,
  parseNaiveBayesModel,
} from '@docket/document-intelligence';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { ClassifierModelEntity } from './classifier-model.entity';

/**
 * The engine's `ClassifierModelStore` on PostgreSQL. A store is bound to one organization, so a
 * project id of another organization reads as "no model" and can never be overwritten.
 */
@Injectable()
export class ClassifierModelRepository {
  constructor(private readonly dataSource: DataSource) {}

  forOrganization(organizationId: string): ClassifierModelStore {
    return {
      load: (projectId) => this.load(organizationId, projectId),
      save: (projectId, model, expectedVersion) =>
        this.save(organizationId, projectId, model, expectedVersion),
    };
  }

  private async load(organizationId: string, projectId: string): Promise<NaiveBayesModel | null> {
    const row = await this.dataSource.manager.findOne(ClassifierModelEntity, {
      where: { projectId, organizationId },
    });
    return row ? parseNaiveBayesModel(row.model) : null;
  }

  /**
   * Compare-and-set on the version: an insert that must not find a row (expected 0), or an
   * update of the row still at the expected version. Zero rows touched means someone else saved
   * first; the caller reloads and retrains (applyClassifierFeedback does).
   */
  private async save(
    organizationId: string,
    projectId: string,
    model: NaiveBayesModel,
    expectedVersion: number,
  ): Promise<void> {
    const values = [projectId, organizationId, model.version, JSON.stringify(model), new Date()];
    const written: unknown[] =
      expectedVersion === 0
        ? await this.dataSource.query(
            `INSERT INTO flows.classifier_models
               (project_id, organization_id, version, model, updated_at)
             VALUES ($1, $2, $3, $4::jsonb, $5)
             ON CONFLICT (project_id) DO NOTHING
             RETURNING project_id`,
            values,
          )
        : ((
            await this.dataSource.query(
              `UPDATE flows.classifier_models
                  SET version = $3, model = $4::jsonb, updated_at = $5
                WHERE project_id = $1 AND organization_id = $2 AND version = $6
                RETURNING project_id`,
              [...values, expectedVersion],
            )
          )[0] as unknown[]);
    if (written.length === 1) return;
    const current = await this.dataSource.manager.findOne(ClassifierModelEntity, {
      where: { projectId, organizationId },
    });
    throw modelVersionConflict(projectId, expectedVersion, current?.version ?? 0);
  }
}
