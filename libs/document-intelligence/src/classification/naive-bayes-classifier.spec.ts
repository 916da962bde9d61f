import { DocumentIntelligenceException } from '../common/document-intelligence.exception';
import { fnolPage, invoicePage, letterPage, policeReportPage } from './classification.fixture';
import {
  createNaiveBayesModel,
  isNaiveBayesModelUsable,
  parseNaiveBayesModel,
  predictNaiveBayes,
  serialiseNaiveBayesModel,
  trainNaiveBayes,
} from './naive-bayes-classifier';

const LABELS = ['fnol', 'invoice', 'police_report'];

function trained() {
  return trainNaiveBayes(createNaiveBayesModel(), [
    { pages: [fnolPage(1, 'Jane Roe')], label: 'fnol' },
    { pages: [fnolPage(1, 'Omar Diaz')], label: 'fnol' },
    { pages: [invoicePage(1, 'INV-1')], label: 'invoice' },
    { pages: [invoicePage(1, 'INV-2')], label: 'invoice' },
    { pages: [policeReportPage()], label: 'police_report' },
  ]);
}

describe('naive Bayes classifier', () => {
  it('learns classes from examples and predicts unseen documents', () => {
    const model = trained();
    expect(model.version).toBe(1);
    expect(isNaiveBayesModelUsable(model)).toBe(true);
    const scores = predictNaiveBayes(model, [invoicePage(1, 'INV-999')], LABELS);
    expect(scores[0].label).toBe('invoice');
    expect(scores[0].confidence).toBeGreaterThan(0.8);
    expect(scores.reduce((s, c) => s + c.confidence, 0)).toBeCloseTo(1);
  });

  it('is not usable before it has seen two classes', () => {
    const model = trainNaiveBayes(createNaiveBayesModel(), [
      { pages: [fnolPage()], label: 'fnol' },
    ]);
    expect(isNaiveBayesModelUsable(model)).toBe(false);
  });

  it('trains incrementally without mutating the previous model and bumps the version', () => {
    const before = trained();
    const snapshot = JSON.stringify(before);
    const after = trainNaiveBayes(before, [{ pages: [letterPage()], label: 'correspondence' }]);
    expect(JSON.stringify(before)).toBe(snapshot);
    expect(after.version).toBe(before.version + 1);
    const scores = predictNaiveBayes(after, [letterPage(2)], [...LABELS, 'correspondence']);
    expect(scores[0].label).toBe('correspondence');
  });

  it('moves a corrected example from the old class to the new one', () => {
    const base = trainNaiveBayes(createNaiveBayesModel(), [
      { pages: [fnolPage()], label: 'fnol' },
      { pages: [invoicePage()], label: 'invoice' },
      { pages: [letterPage()], label: 'invoice' },
    ]);
    const corrected = trainNaiveBayes(base, [
      { pages: [letterPage()], label: 'correspondence', replacesLabel: 'invoice' },
    ]);
    expect(corrected.classes.invoice.documents).toBe(1);
    expect(corrected.classes.correspondence.documents).toBe(1);
    expect(corrected.classes.invoice.features['dear']).toBeUndefined();
  });

  it('round-trips through JSON and rejects malformed stored models', () => {
    const model = trained();
    const restored = parseNaiveBayesModel(serialiseNaiveBayesModel(model));
    expect(restored).toEqual(model);
    expect(predictNaiveBayes(restored, [fnolPage()], LABELS)).toEqual(
      predictNaiveBayes(model, [fnolPage()], LABELS),
    );
    expect(() => parseNaiveBayesModel('{not json')).toThrow(DocumentIntelligenceException);
    expect(() => parseNaiveBayesModel({ ...model, formatVersion: 99 })).toThrow(/format version/);
    expect(() =>
      parseNaiveBayesModel({
        ...model,
        classes: { fnol: { documents: -1, featureTotal: 0, features: {} } },
      }),
    ).toThrow(/non-negative/);
  });
});
