import { DocumentIntelligenceException } from '../common/document-intelligence.exception';
import {
  fnolPage,
  INSURANCE_CLASSES,
  invoicePage,
  letterPage,
  policeReportPage,
} from './classification.fixture';
import type { ClassificationConfig } from './classification.types';
import {
  classifyDocument,
  classifyLocally,
  classifyPages,
  combineScores,
} from './document-classifier';
import { createNaiveBayesModel, trainNaiveBayes } from './naive-bayes-classifier';

const rulesOnly: ClassificationConfig = { classes: INSURANCE_CLASSES, methods: ['rules'] };

describe('document classification', () => {
  it('classifies a document and each of its pages', async () => {
    const result = await classifyDocument([invoicePage(1), invoicePage(2)], rulesOnly);
    expect(result.label).toBe('invoice');
    expect(result.methods).toEqual(['rules']);
    expect(result.pages.map((p) => [p.pageNumber, p.label])).toEqual([
      [1, 'invoice'],
      [2, 'invoice'],
    ]);
  });

  it('returns a null label below the minimum confidence', () => {
    const result = classifyLocally([letterPage()], { ...rulesOnly, minConfidence: 0.6 });
    expect(result.label).toBeNull();
    expect(result.scores).toHaveLength(3);
  });

  it('combines rules with the learned model and skips an untrained model', () => {
    const config: ClassificationConfig = {
      classes: INSURANCE_CLASSES,
      methods: ['rules', 'model'],
    };
    expect(classifyLocally([fnolPage()], config, createNaiveBayesModel()).methods).toEqual([
      'rules',
    ]);
    const model = trainNaiveBayes(createNaiveBayesModel(), [
      { pages: [fnolPage()], label: 'fnol' },
      { pages: [invoicePage()], label: 'invoice' },
      { pages: [policeReportPage()], label: 'police_report' },
    ]);
    const result = classifyLocally([policeReportPage()], config, model);
    expect(result.methods).toEqual(['rules', 'model']);
    expect(result.label).toBe('police_report');
  });

  it('weights the hosted method into the document result', async () => {
    const config: ClassificationConfig = {
      classes: INSURANCE_CLASSES,
      methods: ['rules', 'hosted'],
      methodWeights: { rules: 1, hosted: 3 },
    };
    const hosted = async () => [{ label: 'police_report', confidence: 1 }];
    const result = await classifyDocument([letterPage()], config, { hosted });
    expect(result.label).toBe('police_report');
    expect(result.methods).toEqual(['rules', 'hosted']);
    // Pages use the local method only.
    expect(result.pages[0].methods).toEqual(['rules']);
  });

  it('lets pages inherit the hosted result when it is the only method', async () => {
    const config: ClassificationConfig = { classes: INSURANCE_CLASSES, methods: ['hosted'] };
    const result = await classifyDocument([letterPage(1), letterPage(2)], config, {
      hosted: async () => [{ label: 'fnol', confidence: 0.9 }],
    });
    expect(result.pages.map((p) => p.label)).toEqual(['fnol', 'fnol']);
  });

  it('rejects an empty or duplicated class list', () => {
    expect(() => classifyPages([fnolPage()], { classes: [], methods: ['rules'] })).toThrow(
      DocumentIntelligenceException,
    );
    expect(() =>
      classifyPages([fnolPage()], {
        classes: [INSURANCE_CLASSES[0], INSURANCE_CLASSES[0]],
        methods: ['rules'],
      }),
    ).toThrow(/unique/);
  });

  it('averages method scores by weight', () => {
    const combined = combineScores(
      ['a', 'b'],
      [
        { method: 'rules', scores: [{ label: 'a', confidence: 1 }] },
        { method: 'model', scores: [{ label: 'b', confidence: 1 }] },
      ],
      { rules: 1, model: 3 },
    );
    expect(combined).toEqual([
      { label: 'b', confidence: 0.75 },
      { label: 'a', confidence: 0.25 },
    ]);
  });
});
