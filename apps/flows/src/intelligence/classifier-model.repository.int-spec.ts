import { randomUUID } from 'node:crypto';

import {
  applyClassifierFeedback,
  createNaiveBayesModel,
  DocumentIntelligenceException,
  trainNaiveBayes,
} from '@docket/document-intelligence';
import { connectToTestSchema } from '@docket/testing';
import { DataSource } from 'typeorm';

import { ClassifierModelEntity } from '../database/classifier-model.entity';
import {
  ClassifierModelRepository,
  FeedbackAlreadyAppliedError,
} from '../database/classifier-model.repository';
import { textAsPage } from './text-as-page';

/** The PostgreSQL classifier store against the stack's migrated flows schema. */
describe('ClassifierModelRepository (PostgreSQL)', () => {
  let dataSource: DataSource;
  let repository: ClassifierModelRepository;
  const organizationId = randomUUID();

  const claim = { pages: [textAsPage('First Notice of Loss\nDate of loss')], label: 'claim' };
  const invoice = { pages: [textAsPage('Invoice\nAmount due total')], label: 'invoice' };

  beforeAll(async () => {
    dataSource = await connectToTestSchema('flows', { entities: [ClassifierModelEntity] });
    repository = new ClassifierModelRepository(dataSource);
  });

  afterAll(async () => {
    await dataSource.query(`DELETE FROM flows.classifier_models WHERE organization_id = $1`, [
      organizationId,
    ]);
    await dataSource.query(
      `DELETE FROM flows.classifier_feedback_keys WHERE organization_id = $1`,
      [organizationId],
    );
    await dataSource.destroy();
  });

  async function conflictOf(promise: Promise<unknown>): Promise<DocumentIntelligenceException> {
    try {
      await promise;
    } catch (error) {
      if (error instanceof DocumentIntelligenceException) return error;
      throw error;
    }
    throw new Error('expected a version conflict');
  }

  it('stores a first model, reads it back, and refuses a second first save', async () => {
    const store = repository.forOrganization(organizationId);
    const projectId = randomUUID();
    expect(await store.load(projectId)).toBeNull();
    const first = trainNaiveBayes(createNaiveBayesModel(), [claim]);
    await store.save(projectId, first, 0);
    expect(await store.load(projectId)).toEqual(first);

    const rival = trainNaiveBayes(createNaiveBayesModel(), [invoice]);
    const error = await conflictOf(store.save(projectId, rival, 0));
    expect(error.code).toBe('MODEL_VERSION_CONFLICT');
    expect(error.message).toContain('version 1, expected 0');
    expect((await store.load(projectId))?.classes).toHaveProperty('claim');
    expect((await store.load(projectId))?.classes).not.toHaveProperty('invoice');
  });

  it('refuses a save from a stale version and keeps the newer model', async () => {
    const store = repository.forOrganization(organizationId);
    const projectId = randomUUID();
    const v1 = trainNaiveBayes(createNaiveBayesModel(), [claim]);
    await store.save(projectId, v1, 0);
    const v2 = trainNaiveBayes(v1, [invoice]);
    await store.save(projectId, v2, 1);
    const staleWriter = trainNaiveBayes(v1, [claim]);
    const error = await conflictOf(store.save(projectId, staleWriter, 1));
    expect(error.code).toBe('MODEL_VERSION_CONFLICT');
    expect(error.message).toContain('version 2, expected 1');
    expect((await store.load(projectId))?.version).toBe(2);
  });

  it('keeps every update when reviewers confirm at the same time', async () => {
    const store = repository.forOrganization(organizationId);
    const projectId = randomUUID();
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        applyClassifierFeedback(store, projectId, [i % 2 === 0 ? claim : invoice], {
          maxAttempts: 10,
        }),
      ),
    );
    const stored = await store.load(projectId);
    expect(stored?.version).toBe(6);
    expect(stored?.classes.claim.documents).toBe(3);
    expect(stored?.classes.invoice.documents).toBe(3);
  });

  it('never shows or overwrites another organization’s model', async () => {
    const projectId = randomUUID();
    await repository
      .forOrganization(organizationId)
      .save(projectId, trainNaiveBayes(createNaiveBayesModel(), [claim]), 0);
    const other = repository.forOrganization(randomUUID());
    expect(await other.load(projectId)).toBeNull();
    const error = await conflictOf(
      other.save(projectId, trainNaiveBayes(createNaiveBayesModel(), [invoice]), 0),
    );
    expect(error.code).toBe('MODEL_VERSION_CONFLICT');
    expect((await repository.forOrganization(organizationId).load(projectId))?.version).toBe(1);
  });

  it('learns keyed feedback once: a repeat, even racing, rolls back and leaves the model as it was', async () => {
    const projectId = randomUUID();
    const key = `${randomUUID()}:document:feedback`;
    const keyed = repository.forOrganization(organizationId, key);
    expect(await repository.wasApplied(organizationId, projectId, key)).toBe(false);
    await applyClassifierFeedback(keyed, projectId, [claim]);
    expect(await repository.wasApplied(organizationId, projectId, key)).toBe(true);

    // A retried call that missed the wasApplied check (it raced the first one) must not train.
    const repeat = applyClassifierFeedback(keyed, projectId, [claim]);
    await expect(repeat).rejects.toBeInstanceOf(FeedbackAlreadyAppliedError);
    const stored = await repository.current(organizationId, projectId);
    expect(stored?.version).toBe(1);
    expect(stored?.classes.claim.documents).toBe(1);

    // Another key (another document of the run) still teaches.
    await applyClassifierFeedback(
      repository.forOrganization(organizationId, `${key}-2`),
      projectId,
      [invoice],
    );
    expect((await repository.current(organizationId, projectId))?.version).toBe(2);
    expect(await repository.wasApplied(randomUUID(), projectId, key)).toBe(false);
  });
});
