import { makePage } from '../testing/text-page.fixture';
import { INSURANCE_CLASSES, invoicePage, letterPage } from './classification.fixture';
import { KeywordClassifier } from './keyword-classifier';

describe('KeywordClassifier', () => {
  const classifier = new KeywordClassifier(INSURANCE_CLASSES);

  it('ranks the class whose keywords and patterns appear', () => {
    const { scores, evidence } = classifier.classify([invoicePage()]);
    expect(scores[0].label).toBe('invoice');
    expect(scores[0].confidence).toBeGreaterThan(0.9);
    expect(evidence.map((e) => e.term)).toEqual(
      expect.arrayContaining(['invoice', 'bill to', 'INV-\\d+']),
    );
  });

  it('gives low confidence to every class on a page without cues', () => {
    const { scores } = classifier.classify([letterPage()]);
    expect(scores[0].confidence).toBeLessThan(0.5);
  });

  it('counts a title keyword at the top of the first page more than in the body', () => {
    const top = classifier.classify([makePage([{ x: 50, y: 40, text: 'Police Report' }])]);
    const body = classifier.classify([makePage([{ x: 50, y: 600, text: 'Police Report' }])]);
    const topScore = top.scores.find((s) => s.label === 'police_report')!.confidence;
    const bodyScore = body.scores.find((s) => s.label === 'police_report')!.confidence;
    expect(topScore).toBeGreaterThan(bodyScore);
  });

  it('tolerates OCR slips in keywords on scanned pages only', () => {
    const words = [{ x: 50, y: 40, text: 'FIRST NOTlCE OF L0SS' }];
    const scanned = classifier.classify([makePage(words, 1, 'ocr')]);
    const digital = classifier.classify([makePage(words, 1, 'pdf-text')]);
    expect(scanned.scores[0].label).toBe('fnol');
    expect(scanned.scores[0].confidence).toBeGreaterThan(
      digital.scores.find((s) => s.label === 'fnol')!.confidence,
    );
  });
});
