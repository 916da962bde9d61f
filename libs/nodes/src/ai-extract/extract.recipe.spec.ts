import {
  type HostedModelProvider,
  makePage,
  type StructuredCompletionRequest,
} from '@docket/document-intelligence';

import type { ExtractConfig } from './extract.node';
import { extractWithConfig } from './extract.recipe';

const DOCUMENT = {
  documentId: 'doc-1',
  pages: [
    makePage([
      { x: 50, y: 50, text: 'Policy Number: PN-48213' },
      { x: 50, y: 90, text: 'This file was handled by Dana Whitfield in Denver' },
    ]),
  ],
};

const CONFIG: ExtractConfig = {
  fields: [
    { key: 'policyNumber', type: 'string', label: 'Policy Number' },
    { key: 'adjuster', type: 'string', label: 'Claims Adjuster' },
  ],
};

/** Stands in for the external model: answers every asked field from a table, records asks. */
function model(answers: Record<string, string>) {
  const asked: string[][] = [];
  const provider: HostedModelProvider = {
    name: 'stand-in',
    completeStructured: async (request: StructuredCompletionRequest) => {
      const keys = Object.keys(request.schema.properties as Record<string, unknown>).sort();
      asked.push(keys);
      return { value: Object.fromEntries(keys.map((k) => [k, answers[k] ?? null])), model: 'm' };
    },
  };
  return { provider, asked };
}

describe('extractWithConfig with a hosted model', () => {
  const answers = { policyNumber: 'PN-48213', adjuster: 'Dana Whitfield' };

  it('fallback: asks only for what the rules left and grounds the answer', async () => {
    const { provider, asked } = model(answers);
    const { fields } = await extractWithConfig([DOCUMENT], CONFIG, [], {
      provider,
      mode: 'fallback',
    });
    expect(asked).toEqual([['adjuster']]);
    const byKey = new Map(fields.map((field) => [field.key, field]));
    expect(byKey.get('policyNumber')).toMatchObject({ value: 'PN-48213' });
    expect(byKey.get('policyNumber')?.source).not.toBe('hosted');
    expect(byKey.get('adjuster')).toMatchObject({ value: 'Dana Whitfield', source: 'hosted' });
    expect(byKey.get('adjuster')?.grounding?.documentId).toBe('doc-1');
  });

  it('fallback: no call when the rules read every field', async () => {
    const { provider, asked } = model(answers);
    await extractWithConfig([DOCUMENT], { fields: CONFIG.fields.slice(0, 1) }, [], {
      provider,
      mode: 'fallback',
    });
    expect(asked).toEqual([]);
  });

  it('primary: asks for every field of the document', async () => {
    const { provider, asked } = model(answers);
    await extractWithConfig([DOCUMENT], CONFIG, [], { provider, mode: 'primary' });
    expect(asked).toEqual([['adjuster', 'policyNumber']]);
  });
});
