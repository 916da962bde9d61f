import type { ReviewedField } from '@docket/contracts';

import { correctedClass, DOCUMENT_CLASS_FIELD_KEY } from './review-feedback.service';

function field(value: ReviewedField['value'], documentId: string | null = 'doc-1'): ReviewedField {
  return {
    key: DOCUMENT_CLASS_FIELD_KEY,
    type: 'string',
    value,
    documentId,
    version: 2,
    editedInReview: true,
  };
}

describe('correctedClass: the reviewer’s class for a document', () => {
  it('reads the documentClass field of that document', () => {
    expect(correctedClass([field(' glass-claim ')], 'doc-1')).toBe('glass-claim');
  });

  it('ignores other documents, item-level fields, other keys and values that are no class label', () => {
    expect(correctedClass([field('invoice', 'doc-2')], 'doc-1')).toBeNull();
    expect(correctedClass([field('invoice', null)], 'doc-1')).toBeNull();
    expect(correctedClass([{ ...field('invoice'), key: 'category' }], 'doc-1')).toBeNull();
    expect(correctedClass([field(42)], 'doc-1')).toBeNull();
    expect(correctedClass([field('')], 'doc-1')).toBeNull();
    expect(correctedClass([field('x'.repeat(64))], 'doc-1')).toBe('x'.repeat(64));
    expect(correctedClass([field('x'.repeat(65))], 'doc-1')).toBeNull();
  });
});
