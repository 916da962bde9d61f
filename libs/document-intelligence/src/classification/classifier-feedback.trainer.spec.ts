import {
  DocumentIntelligenceException,
  DocumentIntelligenceExceptionCode,
} from '../common/document-intelligence.exception';
import { fnolPage, invoicePage } from './classification.fixture';
import { applyClassifierFeedback } from './classifier-feedback.trainer';
import { type ClassifierModelStore, InMemoryClassifierModelStore } from './classifier-model.store';
import type { NaiveBayesModel } from './naive-bayes-classifier';

describe('applyClassifierFeedback', () => {
  it('creates, then updates, the project model with increasing versions', async () => {
    const store = new InMemoryClassifierModelStore();
    const first = await applyClassifierFeedback(store, 'p1', [
      { pages: [fnolPage()], label: 'fnol' },
    ]);
    const second = await applyClassifierFeedback(store, 'p1', [
      { pages: [invoicePage()], label: 'invoice' },
    ]);
    expect(first.version).toBe(1);
    expect(second.version).toBe(2);
    const stored = await store.load('p1');
    expect(stored?.classes.fnol.documents).toBe(1);
    expect(stored?.classes.invoice.documents).toBe(1);
    expect(await store.load('other')).toBeNull();
  });

  it('rejects a save with a stale version', async () => {
    const store = new InMemoryClassifierModelStore();
    const saved = await applyClassifierFeedback(store, 'p1', [
      { pages: [fnolPage()], label: 'fnol' },
    ]);
    await expect(store.save('p1', { ...saved, version: 2 }, 0)).rejects.toMatchObject({
      code: DocumentIntelligenceExceptionCode.MODEL_VERSION_CONFLICT,
    });
  });

  it('reloads and retries when another reviewer saved in between', async () => {
    const inner = new InMemoryClassifierModelStore();
    let interfered = false;
    const racing: ClassifierModelStore = {
      load: (id) => inner.load(id),
      async save(id: string, model: NaiveBayesModel, expected: number) {
        if (!interfered) {
          interfered = true;
          await applyClassifierFeedback(inner, id, [{ pages: [invoicePage()], label: 'invoice' }]);
        }
        return inner.save(id, model, expected);
      },
    };
    const result = await applyClassifierFeedback(racing, 'p1', [
      { pages: [fnolPage()], label: 'fnol' },
    ]);
    expect(result.version).toBe(2);
    expect(result.classes.invoice.documents).toBe(1);
    expect(result.classes.fnol.documents).toBe(1);
  });

  it('gives up after the configured attempts', async () => {
    const conflict = new DocumentIntelligenceException(
      'busy',
      DocumentIntelligenceExceptionCode.MODEL_VERSION_CONFLICT,
    );
    let saves = 0;
    const alwaysConflicting: ClassifierModelStore = {
      load: async () => null,
      save: async () => {
        saves += 1;
        throw conflict;
      },
    };
    await expect(
      applyClassifierFeedback(alwaysConflicting, 'p1', [{ pages: [fnolPage()], label: 'fnol' }], {
        maxAttempts: 2,
      }),
    ).rejects.toBe(conflict);
    expect(saves).toBe(2);
  });
});
