import {
  createNaiveBayesModel,
  makePage,
  NaiveBayesModel,
  trainNaiveBayes,
} from '@docket/document-intelligence';

import { prepareClassify } from './classify.recipe';

const GLASS = makePage([{ x: 50, y: 50, text: 'Windshield chipped by gravel, glass repair' }]);
const INVOICE = makePage([{ x: 50, y: 50, text: 'Repair invoice amount due labor and parts' }]);
const CLASSES = { classes: [{ label: 'glass-claim' }, { label: 'invoice' }] };

function learned(): NaiveBayesModel {
  return trainNaiveBayes(createNaiveBayesModel(), [
    { pages: [GLASS], label: 'glass-claim' },
    { pages: [INVOICE], label: 'invoice' },
  ]);
}

describe('prepareClassify', () => {
  it('classifies by the learned model by default, naming its version', async () => {
    const model = learned();
    const loads: number[] = [];
    const recipe = await prepareClassify(CLASSES, async () => {
      loads.push(1);
      return model;
    });
    const outcome = await recipe.classify([GLASS]);
    expect(recipe.methods).toEqual(['rules', 'model']);
    expect(loads).toHaveLength(1);
    expect(outcome).toMatchObject({ label: 'glass-claim', modelVersion: model.version });
    expect(outcome.methods).toContain('model');
  });

  it('does not load the model when the configuration asks for rules only', async () => {
    const loads: number[] = [];
    const recipe = await prepareClassify({ ...CLASSES, methods: ['rules'] }, async () => {
      loads.push(1);
      return learned();
    });
    const outcome = await recipe.classify([GLASS]);
    expect(loads).toEqual([]);
    expect(outcome).toMatchObject({ label: null, modelVersion: 0 });
  });

  it('skips a model that knows one class only', async () => {
    const single = trainNaiveBayes(createNaiveBayesModel(), [
      { pages: [GLASS], label: 'glass-claim' },
    ]);
    const recipe = await prepareClassify({ ...CLASSES, methods: ['model'] }, async () => single);
    expect(await recipe.classify([GLASS])).toMatchObject({
      label: null,
      methods: [],
      modelVersion: 0,
    });
  });
});
