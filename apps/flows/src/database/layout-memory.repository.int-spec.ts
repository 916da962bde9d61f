import { randomUUID } from 'node:crypto';

import type { LayoutMemory } from '@docket/document-intelligence';
import { connectToTestSchema } from '@docket/testing';
import { DataSource } from 'typeorm';

import {
  LayoutMemoryRepository,
  MAX_LAYOUT_MEMORIES_PER_PROJECT,
} from './layout-memory.repository';

/** A memory of a distinct layout: its fingerprint names its number. */
function memoryNumber(n: number): LayoutMemory {
  return {
    fingerprint: [`layout${n}@1,1`],
    fields: [
      {
        key: 'policy_number',
        pageNumber: 1,
        anchorText: `Caption ${n}`,
        anchorBox: { x0: 0.1, y0: 0.1, x1: 0.2, y1: 0.12 },
        offset: { x0: 0.12, y0: 0, x1: 0.2, y1: 0.02 },
      },
    ],
  };
}

/** The layout memories of projects, against the stack's migrated flows schema. */
describe('LayoutMemoryRepository (PostgreSQL)', () => {
  let dataSource: DataSource;
  let repository: LayoutMemoryRepository;
  const organizationId = randomUUID();

  beforeAll(async () => {
    dataSource = await connectToTestSchema('flows');
    repository = new LayoutMemoryRepository(dataSource);
  });

  afterAll(async () => {
    for (const table of ['layout_memories', 'layout_memory_keys']) {
      await dataSource.query(`DELETE FROM flows.${table} WHERE organization_id = $1`, [
        organizationId,
      ]);
    }
    await dataSource.destroy();
  });

  it('learns a review once, whatever the retries, and updates the same layout in place', async () => {
    const projectId = randomUUID();
    const learn = (id: string | null) => () => ({ id, memory: memoryNumber(1) });
    expect(await repository.learnOnce(organizationId, projectId, 'run-1', learn(null))).toEqual({
      applied: true,
      fields: 1,
      version: 1,
    });
    expect(
      (await repository.learnOnce(organizationId, projectId, 'run-1', learn(null))).applied,
    ).toBe(false);
    const [stored] = await dataSource.query(
      `SELECT id FROM flows.layout_memories WHERE project_id = $1`,
      [projectId],
    );
    const second = await repository.learnOnce(organizationId, projectId, 'run-2', learn(stored.id));
    expect(second.version).toBe(2);
    const memories = await repository.list(organizationId, projectId);
    expect(memories.map((m) => m.version)).toEqual([2]);
    // A memory learned without tables holds none.
    expect(memories[0].tables).toEqual([]);
    // Another organization reads nothing of it.
    expect(await repository.list(randomUUID(), projectId)).toEqual([]);
  });

  it('keeps what a reviewed table taught beside the fields', async () => {
    const projectId = randomUUID();
    const tables = [
      {
        key: 'claims',
        rowPitch: 0.02,
        rowHeight: 0.012,
        rowCount: 3,
        columns: [{ key: 'reserve', header: 'Held Back', x0: 0.4, x1: 0.5 }],
      },
    ];
    await repository.learnOnce(organizationId, projectId, 'run-t', () => ({
      id: null,
      memory: { ...memoryNumber(7), tables },
    }));
    const [memory] = await repository.list(organizationId, projectId);
    expect(memory.tables).toEqual(tables);
  });

  it('keeps the fields a review confirmed empty and gives them to the next review of the layout', async () => {
    const projectId = randomUUID();
    await repository.learnOnce(organizationId, projectId, 'run-e1', () => ({
      id: null,
      memory: { ...memoryNumber(8), emptyFields: ['vin'] },
    }));
    const [memory] = await repository.list(organizationId, projectId);
    expect(memory.emptyFields).toEqual(['vin']);
    let seen: readonly string[] | undefined;
    await repository.learnOnce(organizationId, projectId, 'run-e2', (known) => {
      seen = known[0].emptyFields;
      return { id: known[0].id, memory: { ...memoryNumber(8), emptyFields: [] } };
    });
    expect(seen).toEqual(['vin']);
    // A memory with no field confirmed empty lists none.
    const [relearned] = await repository.list(organizationId, projectId);
    expect(relearned.version).toBe(2);
    expect(relearned).not.toHaveProperty('emptyFields');
  });

  it(`keeps ${MAX_LAYOUT_MEMORIES_PER_PROJECT} layouts per project and forgets the least recently taught past that`, async () => {
    const projectId = randomUUID();
    for (let n = 1; n <= MAX_LAYOUT_MEMORIES_PER_PROJECT; n += 1) {
      await repository.learnOnce(organizationId, projectId, `key-${n}`, () => ({
        id: null,
        memory: memoryNumber(n),
      }));
    }
    const full = await repository.list(organizationId, projectId);
    expect(full).toHaveLength(MAX_LAYOUT_MEMORIES_PER_PROJECT);
    expect(full.at(-1)?.fingerprint).toEqual(['layout1@1,1']);

    await repository.learnOnce(organizationId, projectId, 'one-more', () => ({
      id: null,
      memory: memoryNumber(MAX_LAYOUT_MEMORIES_PER_PROJECT + 1),
    }));
    const after = await repository.list(organizationId, projectId);
    expect(after).toHaveLength(MAX_LAYOUT_MEMORIES_PER_PROJECT);
    expect(after[0].fingerprint).toEqual([`layout${MAX_LAYOUT_MEMORIES_PER_PROJECT + 1}@1,1`]);
    expect(after.some((m) => m.fingerprint[0] === 'layout1@1,1')).toBe(false);
    expect(after.at(-1)?.fingerprint).toEqual(['layout2@1,1']);
  }, 120_000);
});
