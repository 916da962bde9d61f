/**
 * Document throughput: the full file-triggered flow (trigger.file -> ai.classify -> ai.extract ->
 * action.review) on 10-page digital PDFs, measured end to end through the API as documents per
 * minute from the upload request to the item waiting in REVIEW. Documents are uploaded in waves
 * of --concurrency; each document's latency and the overall rate are printed.
 *   node -r @swc-node/register bench/flows-document-throughput.ts [--documents 12] [--concurrency 4]
 */
import './support/bench-profile';

import { parseArgs } from 'node:util';

import { apiRequest, eventually, exchangeToken } from '@docket/testing';

import { bootstrapOrganization } from '../libs/testing/src';
import { pdfOf } from '../test/e2e/flows/support/claim-documents';
import { graphOf, liveFlow } from '../test/e2e/flows/support/flows-api';
import { upload } from '../test/e2e/flows/support/uploads';
import {
  BENCH_GATEWAY,
  BENCH_PROFILE,
  startBenchStack,
  stopBenchStack,
} from './support/bench-stack';

const { values } = parseArgs({
  options: {
    documents: { type: 'string', default: '12' },
    concurrency: { type: 'string', default: '4' },
  },
});

const PAGES = 10;

function tenPageClaim(n: number): Promise<Buffer> {
  const pages: string[][] = [
    [
      'First Notice of Loss',
      `Policy Number: PN-${String(100000 + n).padStart(6, '0')}`,
      'Insured Name: Jane Doe',
      'Date of Loss: 03/14/2025',
      'Claim Amount: $1,250.00',
    ],
  ];
  for (let page = 2; page <= PAGES; page++) {
    pages.push([
      `Supporting statement, page ${page} of ${PAGES}`,
      'The vehicle was parked when struck.',
      'Witness: none.',
    ]);
  }
  return pdfOf(pages);
}

const graph = graphOf(
  [
    { id: 'upload', type: 'trigger.file', config: { category: 'bench' } },
    {
      id: 'classify',
      type: 'ai.classify',
      config: { classes: [{ label: 'fnol', keywords: ['First Notice of Loss'] }] },
    },
    {
      id: 'extract',
      type: 'ai.extract',
      config: {
        fields: [
          {
            key: 'policy_number',
            type: 'string',
            label: 'Policy Number',
            patterns: ['PN-\\d{6}'],
            required: true,
          },
          { key: 'insured_name', type: 'string', label: 'Insured Name' },
          { key: 'date_of_loss', type: 'date', label: 'Date of Loss' },
          { key: 'claim_amount', type: 'money', label: 'Claim Amount' },
        ],
      },
    },
    { id: 'review', type: 'action.review', config: { instructions: 'Benchmark' } },
  ],
  [
    ['upload', 'classify'],
    ['classify', 'extract'],
    ['extract', 'review'],
  ],
);

async function inReview(token: string, projectId: string, fileId: string): Promise<void> {
  await eventually(
    async () => {
      const list = await apiRequest<{ data: Array<{ fileIds: string[]; status: string }> }>(
        'GET',
        `/flow-executions?projectId=${projectId}&limit=100`,
        { token },
      );
      const run = list.body.data.find((e) => e.fileIds.includes(fileId));
      if (run && ['failed', 'canceled'].includes(run.status))
        throw new Error(`run for ${fileId} ended ${run.status}`);
      return run?.status === 'in_review' ? true : undefined;
    },
    600_000,
    200,
  );
}

async function main(): Promise<void> {
  startBenchStack('identity,files,items,flows,worker,gateway');
  try {
    const org = await bootstrapOrganization('Bench documents', BENCH_PROFILE);
    const token = await exchangeToken(org.apiKey, BENCH_GATEWAY);
    await liveFlow(token, org.projectId, graph);
    const total = Number(values.documents);
    const concurrency = Number(values.concurrency);
    const documents = await Promise.all(Array.from({ length: total }, (_, n) => tenPageClaim(n)));
    const latencies: number[] = [];
    const started = Date.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < total) {
          const n = next++;
          const t0 = Date.now();
          const fileId = await upload(
            token,
            org.workspaceId,
            `claim-${n}.pdf`,
            documents[n],
            'bench',
          );
          await inReview(token, org.projectId, fileId);
          latencies.push(Date.now() - t0);
          process.stdout.write(
            `  document ${n + 1}/${total}: ${((Date.now() - t0) / 1000).toFixed(1)} s to REVIEW\n`,
          );
        }
      }),
    );
    const minutes = (Date.now() - started) / 60_000;
    latencies.sort((a, b) => a - b);
    const p = (q: number) =>
      (latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] / 1000).toFixed(
        1,
      );
    process.stdout.write(
      [
        '',
        `Document throughput (${PAGES}-page digital PDFs, upload -> item in REVIEW, ${concurrency} at a time)`,
        `  ${(total / minutes).toFixed(1)} documents/minute (${((total * PAGES) / minutes).toFixed(0)} pages/minute)`,
        `  latency p50 ${p(0.5)} s, p95 ${p(0.95)} s, max ${p(1)} s`,
        '',
      ].join('\n'),
    );
  } finally {
    stopBenchStack();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
