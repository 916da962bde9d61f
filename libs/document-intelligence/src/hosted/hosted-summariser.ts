import { formatValue, type ItemSummary, type ItemSummaryInput } from '../summary/item-summariser';
import { HostedModelException, HostedModelExceptionCode } from './hosted-model.exception';
import type { HostedModelProvider } from './hosted-model.provider';

function describeItem(input: ItemSummaryInput): string {
  const lines: string[] = [];
  input.documents.forEach((document, i) => {
    lines.push(`Document ${i + 1}: ${document.label ?? 'unclassified'}`);
    for (const field of document.fields) {
      const flag = field.flagged ? ` [flagged: ${(field.flagReasons ?? []).join('; ')}]` : '';
      lines.push(`  ${field.key}: ${formatValue(field.value) ?? 'missing'}${flag}`);
    }
  });
  for (const field of input.itemFields ?? [])
    lines.push(`Item ${field.key}: ${formatValue(field.value) ?? 'missing'}`);
  return lines.join('\n');
}

/**
 * Summary written by a hosted model from the classes and extracted fields (not the raw pages:
 * the fields are already reviewed data, and far shorter).
 */
export async function summariseWithProvider(
  provider: HostedModelProvider,
  input: ItemSummaryInput,
  options: { readonly signal?: AbortSignal } = {},
): Promise<ItemSummary> {
  const completion = await provider.completeStructured(
    {
      purpose: 'summarise',
      instructions:
        'Write for an insurance operations reviewer. summary: at most two sentences on what the item is. ' +
        'insight: one sentence on what needs attention (flagged fields, inconsistencies) or why it can proceed. ' +
        'Use only the facts given.',
      input: describeItem(input),
      schemaName: 'item_summary',
      schema: {
        type: 'object',
        properties: { summary: { type: 'string' }, insight: { type: 'string' } },
        required: ['summary', 'insight'],
        additionalProperties: false,
      },
    },
    { signal: options.signal },
  );
  const value = completion.value as { summary?: unknown; insight?: unknown } | null;
  if (typeof value?.summary !== 'string' || typeof value.insight !== 'string') {
    throw new HostedModelException(
      'Model summary lacks summary or insight text',
      HostedModelExceptionCode.INVALID_RESPONSE,
    );
  }
  return { summary: value.summary.trim(), insight: value.insight.trim(), source: 'hosted' };
}
