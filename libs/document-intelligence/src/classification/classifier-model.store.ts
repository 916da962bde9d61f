import {
  DocumentIntelligenceException,
  DocumentIntelligenceExceptionCode,
} from '../common/document-intelligence.exception';
import type { NaiveBayesModel } from './naive-bayes-classifier';

/**
 * Persistence of one learned classifier per project. The service implements it on PostgreSQL;
 * the engine only needs these two operations.
 */
export interface ClassifierModelStore {
  /** The stored model, or null when the project has none yet. */
  load(projectId: string): Promise<NaiveBayesModel | null>;
  /**
   * Stores `model` only if the stored version still equals `expectedVersion` (0 when nothing was
   * stored); otherwise throws a `DocumentIntelligenceException` with code
   * `MODEL_VERSION_CONFLICT`. Two reviewers confirming classes at once must not lose an update.
   */
  save(projectId: string, model: NaiveBayesModel, expectedVersion: number): Promise<void>;
}

export function modelVersionConflict(
  projectId: string,
  expected: number,
  actual: number,
): DocumentIntelligenceException {
  return new DocumentIntelligenceException(
    `Classifier model of project ${projectId} is at version ${actual}, expected ${expected}`,
    DocumentIntelligenceExceptionCode.MODEL_VERSION_CONFLICT,
  );
}

/** Process-local store for tests, the benchmark and single-process tools. */
export class InMemoryClassifierModelStore implements ClassifierModelStore {
  private readonly models = new Map<string, string>();

  async load(projectId: string): Promise<NaiveBayesModel | null> {
    const stored = this.models.get(projectId);
    // Stored as JSON so callers can never mutate the stored copy through a returned reference.
    return stored === undefined ? null : (JSON.parse(stored) as NaiveBayesModel);
  }

  async save(projectId: string, model: NaiveBayesModel, expectedVersion: number): Promise<void> {
    const current = await this.load(projectId);
    const actual = current?.version ?? 0;
    if (actual !== expectedVersion) throw modelVersionConflict(projectId, expectedVersion, actual);
    this.models.set(projectId, JSON.stringify(model));
  }
}
