import { extractDocumentFields } from '../extraction/field-extractor';
import type { FieldSchema } from '../schema/field-schema.types';
import { makePage, type PlacedText } from '../testing/text-page.fixture';
import { validateFields } from './field-validator';

/** Extraction then validation, as the flow node and the preview run them. */
function review(runs: PlacedText[], schema: FieldSchema) {
  const extracted = extractDocumentFields({ pages: [makePage(runs)] }, schema);
  const result = validateFields(extracted, schema);
  return {
    needsReview: result.needsReview,
    byKey: Object.fromEntries(result.fields.map((f) => [f.key, f])),
  };
}

describe('every doubtful field is flagged with its reason', () => {
  it('passes a clearly captioned value without a flag', () => {
    const { needsReview, byKey } = review([{ x: 50, y: 100, text: 'Phone: (555) 201-7788' }], {
      fields: [{ key: 'phone', type: 'string', label: 'Phone' }],
    });
    expect(byKey.phone).toMatchObject({ value: '(555) 201-7788', flagged: false });
    expect(needsReview).toBe(false);
  });

  it('flags a missing field even when it is optional', () => {
    const { needsReview, byKey } = review([{ x: 50, y: 100, text: 'Phone: (555) 201-7788' }], {
      fields: [
        { key: 'phone', type: 'string', label: 'Phone' },
        { key: 'email', type: 'string', label: 'Email' },
      ],
    });
    expect(byKey.email.flagReasons).toEqual(['not found on the page']);
    expect(needsReview).toBe(true);
  });

  it('says "required value missing" once for a missing required field', () => {
    const { byKey } = review([{ x: 50, y: 100, text: 'Notes: none' }], {
      fields: [{ key: 'email', type: 'string', label: 'Email', required: true }],
    });
    expect(byKey.email.flagReasons).toEqual(['required value missing']);
  });

  it('flags a value of the wrong type at its caption instead of inventing one', () => {
    const { byKey } = review([{ x: 50, y: 100, text: 'Date of loss: unknown' }], {
      fields: [{ key: 'date_of_loss', type: 'date', label: 'Date of loss' }],
    });
    expect(byKey.date_of_loss.value).toBeNull();
    expect(byKey.date_of_loss.flagReasons).toEqual(['not a valid date at its caption: "unknown"']);
  });

  it('flags two different values under equally good captions as ambiguous', () => {
    const { byKey } = review(
      [
        { x: 50, y: 100, text: 'Phone: (555) 201-7788' },
        { x: 50, y: 300, text: 'Phone: (555) 909-1234' },
      ],
      { fields: [{ key: 'phone', type: 'string', label: 'Phone' }] },
    );
    expect(byKey.phone.flagged).toBe(true);
    expect(byKey.phone.flagReasons).toContain('ambiguous: "(555) 909-1234" scored close');
    expect(byKey.phone.confidence).toBeLessThanOrEqual(0.5);
  });

  it('flags a value read from a weak caption match, naming the caption', () => {
    const { byKey } = review([{ x: 50, y: 100, text: 'CONTACT PHONE (555) 201-7788' }], {
      fields: [{ key: 'phone', type: 'string', label: 'Phone' }],
    });
    expect(byKey.phone.value).toBe('(555) 201-7788');
    expect(byKey.phone.flagReasons.some((r) => r.startsWith('weak caption match: "PHONE"'))).toBe(
      true,
    );
  });

  it('flags a value found by pattern alone', () => {
    const { byKey } = review([{ x: 50, y: 100, text: 'Reference HO-4471-22 attached' }], {
      fields: [
        { key: 'policy_number', type: 'string', label: 'Policy', patterns: ['HO-\\d{4}-\\d{2}'] },
      ],
    });
    expect(byKey.policy_number.value).toBe('HO-4471-22');
    expect(byKey.policy_number.flagReasons).toContain('no caption found; taken by pattern only');
  });
});
