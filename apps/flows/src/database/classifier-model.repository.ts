import {
  ClassifierModelStore,
  modelVersionConflict,
  NaiveBayesModel,
  parseNaiveBayesModel,
} from '@docket/document-intelligence';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

import { ClassifierModelEntity } from './classifier-model.entity';

/** Thrown by a keyed save when the same feedback was applied meanwhile (its save rolled back). */
export class FeedbackAlreadyAppliedError extends Error {
  constructor(readonly idempotencyKey: string) {
    super(`Classifier feedback ${idempotencyKey} was already applied`);
  }
}

/**
 * The engine's `ClassifierModelStore` on PostgreSQL. A store is bound to one organization, so a
 * project id of another organization reads as "no model" and can never be overwritten.
 */
@Injectable()
export class ClassifierModelRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * With an idempotency key, every save also records the key in the same transaction: a key
   * already recorded rolls the save back with FeedbackAlreadyAppliedError.
   */
  forOrganization(organizationId: string, idempotencyKey?: string): ClassifierModelStore {
    return {
      load: (projectId) => this.load(organizationId, projectId),
      save: (projectId, model, expectedVersion) =>
        this.dataSource.transaction(async (manager) => {
          await this.save(manager, organizationId, projectId, model, expectedVersion);
          if (idempotencyKey !== undefined) {
            await this.recordKey(manager, organizationId, projectId, idempotencyKey, model.version);
          }
        }),
    };
  }

  /** Whether feedback with this key was already learned by the project's model. */
  async wasApplied(organizationId: string, projectId: string, key: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM flows.classifier_feedback_keys
        WHERE project_id = $1 AND organization_id = $2 AND idempotency_key = $3`,
      [projectId, organizationId, key],
    );
    return rows.length > 0;
  }

  /** The latest model of the project (null when it never learned anything). */
  current(organizationId: string, projectId: string): Promise<NaiveBayesModel | null> {
    return this.load(organizationId, projectId);
  }

  private async recordKey(
    manager: EntityManager,
    organizationId: string,
    projectId: string,
    key: string,
    modelVersion: number,
  ): Promise<void> {
    const written: unknown[] = await manager.query(
      `INSERT INTO flows.classifier_feedback_keys
         (project_id, idempotency_key, organization_id, model_version, applied_at)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (project_id, idempotency_key) DO NOTHING
       RETURNING project_id`,
      [projectId, key, organizationId, modelVersion, new Date()],
    );
    if (written.length !== 1) throw new FeedbackAlreadyAppliedError(key);
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
    manager: EntityManager,
    organizationId: string,
    projectId: string,
    model: NaiveBayesModel,
    expectedVersion: number,
  ): Promise<void> {
    const values = [projectId, organizationId, model.version, JSON.stringify(model), new Date()];
    const written: unknown[] =
      expectedVersion === 0
        ? await manager.query(
            `INSERT INTO flows.classifier_models
               (project_id, organization_id, version, model, updated_at)
             VALUES ($1, $2, $3, $4::jsonb, $5)
             ON CONFLICT (project_id) DO NOTHING
             RETURNING project_id`,
            values,
          )
        : ((
            await manager.query(
              `UPDATE flows.classifier_models
                  SET version = $3, model = $4::jsonb, updated_at = $5
                WHERE project_id = $1 AND organization_id = $2 AND version = $6
                RETURNING project_id`,
              [...values, expectedVersion],
            )
          )[0] as unknown[]);
    if (written.length === 1) return;
    const current = await manager.findOne(ClassifierModelEntity, {
      where: { projectId, organizationId },
    });
    throw modelVersionConflict(projectId, expectedVersion, current?.version ?? 0);
  }
}
