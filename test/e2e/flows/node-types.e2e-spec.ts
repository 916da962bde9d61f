import type { FlowGraph } from '@docket/contracts';
import { apiRequest, createTestOrganization, TestOrganization, TestUser } from '@docket/testing';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';

import { Body, createdFlowId, graphOf, saveDraft } from './support/flows-api';

interface NodeType {
  type: string;
  category: string;
  title: string;
  description: string;
  branches: string[] | null;
  configSchema: Record<string, unknown>;
}

const CATEGORIES = ['Triggers', 'Apps', 'Utilities', 'Actions', 'Controls', 'AI intelligence'];

/** Configurations a builder could fill in from the forms: each satisfies its type's schema. */
const CLASSIFY_EXTRACT_REVIEW_WRITE_BACK: FlowGraph = graphOf(
  [
    { id: 'upload', type: 'trigger.file', config: {} },
    {
      id: 'classify',
      type: 'ai.classify',
      config: { classes: [{ label: 'auto-claim', keywords: ['claim', 'policy'] }] },
    },
    {
      id: 'extract',
      type: 'ai.extract',
      config: {
        fields: [
          { key: 'policy_number', type: 'string', label: 'Policy number' },
          { key: 'claim_amount', type: 'money', label: 'Claim amount' },
        ],
      },
    },
    { id: 'review', type: 'action.review', config: { instructions: 'Check the amount' } },
    {
      id: 'send',
      type: 'action.write-back',
      config: { url: 'https://claims.example.com/hook', secretVariable: 'WEBHOOK_SECRET' },
    },
  ],
  [
    ['upload', 'classify'],
    ['classify', 'extract'],
    ['extract', 'review'],
    ['review', 'send', 'submitted'],
  ],
);

describe('GET /node-types: the builder palette and its configuration forms', () => {
  let org: TestOrganization;
  let partner: TestUser;
  let reviewer: TestUser;
  let catalog: NodeType[];

  beforeAll(async () => {
    org = await createTestOrganization();
    [partner, reviewer] = await Promise.all([org.addUser('Partner'), org.addUser('Reviewer')]);
    const response = await apiRequest<{ data: NodeType[]; totalCount: number }>(
      'GET',
      '/node-types?limit=100',
      { token: partner.token },
    );
    expect(response.status).toBe(200);
    catalog = response.body.data;
  });

  it('lists every node type under one of the six categories, with a JSON Schema each', () => {
    expect(catalog).toHaveLength(16);
    expect(new Set(catalog.map((entry) => entry.category))).toEqual(new Set(CATEGORIES));
    const ajv = addFormats(new Ajv({ strict: false }));
    for (const entry of catalog) {
      expect(entry.configSchema).toMatchObject({ type: 'object' });
      expect(() => ajv.compile(entry.configSchema)).not.toThrow();
    }
    expect(catalog.find((entry) => entry.type === 'action.review')?.branches).toEqual([
      'submitted',
      'timeout',
    ]);
    expect(catalog.find((entry) => entry.type === 'control.route')?.branches).toBeNull();
  });

  it('gives the same verdict as the draft save: schema-valid configs save, a missing slot does not', async () => {
    const ajv = addFormats(new Ajv({ strict: false }));
    const schemaOf = (type: string) => catalog.find((entry) => entry.type === type)!.configSchema;
    for (const node of CLASSIFY_EXTRACT_REVIEW_WRITE_BACK.nodes) {
      expect({ node: node.id, valid: ajv.validate(schemaOf(node.type), node.config) }).toEqual({
        node: node.id,
        valid: true,
      });
    }
    const flowId = await createdFlowId(org.admin.token, org.projectId);
    const saved = await saveDraft(org.admin.token, flowId, CLASSIFY_EXTRACT_REVIEW_WRITE_BACK);
    expect(saved.status).toBe(200);

    const withoutSecret = { url: 'https://claims.example.com/hook' };
    expect(ajv.validate(schemaOf('action.write-back'), withoutSecret)).toBe(false);
    const refused = await saveDraft(org.admin.token, flowId, {
      ...CLASSIFY_EXTRACT_REVIEW_WRITE_BACK,
      nodes: CLASSIFY_EXTRACT_REVIEW_WRITE_BACK.nodes.map((node) =>
        node.id === 'send' ? { ...node, config: withoutSecret } : node,
      ),
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { nodeId: 'send' },
    });
  });

  it('pages at the limits: limit 100 is the most, 101 is refused', async () => {
    const page = await apiRequest<{ data: NodeType[]; totalCount: number }>(
      'GET',
      '/node-types?page=2&limit=10',
      { token: partner.token },
    );
    expect(page.status).toBe(200);
    expect(page.body.data).toHaveLength(6);
    expect(page.body.totalCount).toBe(16);
    const tooMany = await apiRequest<Body>('GET', '/node-types?limit=101', {
      token: partner.token,
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.code).toBe('VALIDATION_FAILED');
  });

  it('is refused to Reviewers (flows.read) and to callers without a token', async () => {
    const denied = await apiRequest<Body>('GET', '/node-types', { token: reviewer.token });
    expect(denied.status).toBe(401);
    expect(denied.body.code).toBe('PERMISSION_DENIED');
    const anonymous = await apiRequest<Body>('GET', '/node-types');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe('UNAUTHENTICATED');
  });
});
