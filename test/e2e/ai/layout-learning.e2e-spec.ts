import { MAX_LEARNED_FIELDS } from '@docket/contracts';
import { apiRequest, createTestOrganization, TestOrganization, TestUser } from '@docket/testing';

import { uploadFile } from '../files/support/files-api';
import {
  Body,
  graphOf,
  liveFlow,
  startedRun,
  steps,
  waitForStatus,
} from '../flows/support/flows-api';
import { extract, feedback } from './support/ai-api';
import { placedPdf } from './support/placed-pdf';
import { byKey, openReview } from './support/review-session';

jest.setTimeout(240_000);

const TERMINAL = ['completed', 'failed', 'canceled'];

interface Values {
  contract: string;
  event: string;
  printed: string;
  adjuster: string;
}

/**
 * A carrier's notice whose captions no plain label names: "Reference" for the policy number,
 * "Occurred" beside another date for the date of loss. The layout is the same for every notice;
 * only the values change.
 */
function carrierNotice(values: Values): Promise<Buffer> {
  return placedPdf([
    [
      { x: 60, y: 50, text: 'HARBOR MUTUAL - NOTICE OF OCCURRENCE', size: 14 },
      { x: 60, y: 90, text: 'Printed' },
      { x: 140, y: 90, text: values.printed },
      { x: 330, y: 90, text: 'Office' },
      { x: 400, y: 90, text: 'Tampa branch' },
      { x: 60, y: 130, text: 'Reference' },
      { x: 140, y: 130, text: values.contract },
      { x: 330, y: 130, text: 'Occurred' },
      { x: 400, y: 130, text: values.event },
      { x: 60, y: 170, text: 'Adjuster:' },
      { x: 140, y: 170, text: values.adjuster },
      { x: 60, y: 220, text: 'Describe what happened in the space below and sign the notice.' },
    ],
  ]);
}

/** Where carrierNotice prints its reference value (x 140 pt, y 130 pt, 10 pt type), as page fractions. */
const REFERENCE_BOX = { x: 140 / 612, y: 130 / 792, width: 50 / 612, height: 10 / 792 };

/** Another layout entirely: what the memory of the notice must not be applied to. */
function otherLayout(): Promise<Buffer> {
  return placedPdf([
    [
      { x: 60, y: 50, text: 'CLAIM SUMMARY', size: 14 },
      { x: 60, y: 300, text: 'Policy number: PN-777001' },
      { x: 60, y: 330, text: 'Date of loss: 07/04/2026' },
      { x: 60, y: 360, text: 'Adjuster: Dana Wu' },
    ],
  ]);
}

/**
 * A first-time user's schema: key, type and one plain label per field. The notice prints no
 * VIN: a reviewer submits it empty, and the layout then leaves it blank without a doubt.
 */
const PLAIN_CONFIG = {
  fields: [
    { key: 'policy_number', type: 'string', label: 'Policy number' },
    { key: 'date_of_loss', type: 'date', label: 'Date of loss' },
    { key: 'adjuster', type: 'string', label: 'Adjuster' },
    { key: 'vin', type: 'string', label: 'VIN' },
  ],
};

const GRAPH = graphOf(
  [
    { id: 'start', type: 'trigger.api' },
    { id: 'extract', type: 'ai.extract', config: PLAIN_CONFIG },
    { id: 'review', type: 'action.review', config: { instructions: 'Check the notice' } },
  ],
  [
    ['start', 'extract'],
    ['extract', 'review'],
  ],
);

/**
 * Issue 10, one-shot layout learning: a reviewer corrects two fields of a notice whose layout
 * the plain schema reads wrongly; the next notice of that layout, with other values, is read
 * right from what the review taught, with no change to the configuration; another layout is
 * read as before.
 */
describe('one review teaches the project a layout', () => {
  let org: TestOrganization;
  let reviewer: TestUser;

  beforeAll(async () => {
    org = await createTestOrganization();
    reviewer = await org.addUser('Reviewer');
  }, 60_000);

  it('reads the second notice of a reviewed layout right, and leaves other layouts alone', async () => {
    const first = await uploadFile(
      org.admin.token,
      org.workspaceId,
      'notice-1.pdf',
      await carrierNotice({
        contract: 'HM-58120',
        event: '01/10/2026',
        printed: '02/02/2026',
        adjuster: 'Kim Lee',
      }),
    );
    expect(first.status).toBe('READY');
    // Before any review the plain schema gets the two fields wrong, not at all, or only as a
    // guess by kind (the one identifier under a caption naming one) that asks for review.
    const before = await extract(org.admin.token, org.projectId, {
      fileId: first.fileId,
      config: PLAIN_CONFIG,
    });
    expect(before.status).toBe(200);
    const unread = byKey(before.body.fields as Body[]);
    expect(unread.policy_number.source).not.toBe('layout-memory');
    expect(unread.policy_number.confidence as number).toBeLessThanOrEqual(0.5);
    expect(unread.date_of_loss.value).not.toBe('2026-01-10');
    expect(unread.adjuster.value).toBe('Kim Lee');
    // A field found nowhere is flagged while nothing says the layout leaves it blank.
    expect(unread.vin).toMatchObject({ value: null, flagged: true });

    // A run of the notice goes to review; the reviewer corrects the two fields and submits.
    const flowId = await liveFlow(org.admin.token, org.projectId, GRAPH);
    const executionId = await startedRun(org.admin.token, flowId, { fileIds: [first.fileId] });
    const waiting = await waitForStatus(
      org.admin.token,
      executionId,
      ['in_review', ...TERMINAL],
      120_000,
    );
    expect(waiting.status).toBe('in_review');
    const itemId = (waiting.itemIds as string[])[0];
    const session = await openReview(reviewer.token, org.projectId, itemId);
    // A place that is not on a page is a 400 and changes nothing (the version read still holds).
    for (const grounding of [
      { page: 0, box: REFERENCE_BOX },
      { page: 1, box: { ...REFERENCE_BOX, width: 1.5 } },
      { page: 1 },
    ]) {
      const refused = await session.correct('policy_number', { value: 'HM-58120', grounding });
      expect({ grounding, status: refused.status }).toEqual({ grounding, status: 400 });
    }
    // One correction says where its value is; the other is found where it is printed.
    const placed = await session.correct('policy_number', {
      value: 'HM-58120',
      grounding: { page: 1, box: REFERENCE_BOX },
    });
    expect(placed.status).toBe(200);
    expect((placed.body.grounding as Body[])[0]).toMatchObject({ page: 1, placedByReviewer: true });
    expect((await session.correct('date_of_loss', { value: '2026-01-10' })).status).toBe(200);
    expect((await session.submit()).status).toBe(200);
    // A run ends seconds after the submit alone; a loaded 2-core CI machine took over 30 s.
    const done = await waitForStatus(org.admin.token, executionId, TERMINAL, 120_000);
    expect(done.status).toBe('completed');
    const review = (await steps(org.admin.token, executionId)).find((s) => s.nodeId === 'review');
    expect((review?.output as Body).layoutFeedback).toEqual([
      expect.objectContaining({ status: 'learned', fields: 3, version: 1 }),
    ]);

    // The next notice of the layout, other values, same configuration: read from memory.
    const second = await uploadFile(
      org.admin.token,
      org.workspaceId,
      'notice-2.pdf',
      await carrierNotice({
        contract: 'HM-60377',
        event: '03/15/2026',
        printed: '04/01/2026',
        adjuster: 'Ana Ortiz',
      }),
    );
    const secondRun = await startedRun(org.admin.token, flowId, { fileIds: [second.fileId] });
    expect(
      (await waitForStatus(org.admin.token, secondRun, ['in_review', ...TERMINAL], 120_000)).status,
    ).toBe('in_review');
    const extracted = (await steps(org.admin.token, secondRun)).find((s) => s.nodeId === 'extract');
    const read = byKey((extracted?.output as Body).fields as Body[]);
    expect(read.policy_number).toMatchObject({ value: 'HM-60377', source: 'layout-memory' });
    // The memory is surer than any guess by kind.
    expect(read.policy_number.confidence as number).toBeGreaterThan(0.5);
    expect(read.date_of_loss).toMatchObject({ value: '2026-03-15', source: 'layout-memory' });
    expect(read.adjuster).toMatchObject({ value: 'Ana Ortiz' });
    // The review submitted the VIN empty: this layout leaves it blank, and that is no doubt.
    expect(read.vin).toMatchObject({ value: null, flagged: false });

    // The preview reads the same memory.
    const preview = await extract(org.admin.token, org.projectId, {
      fileId: second.fileId,
      config: PLAIN_CONFIG,
    });
    const previewed = byKey(preview.body.fields as Body[]);
    expect(previewed.policy_number).toMatchObject({ value: 'HM-60377', source: 'layout-memory' });

    // A document of another layout is read by its captions, not by the notice's memory.
    const other = await uploadFile(
      org.admin.token,
      org.workspaceId,
      'summary.pdf',
      await otherLayout(),
    );
    const unrelated = await extract(org.admin.token, org.projectId, {
      fileId: other.fileId,
      config: PLAIN_CONFIG,
    });
    const plain = byKey(unrelated.body.fields as Body[]);
    expect(plain.policy_number).toMatchObject({ value: 'PN-777001' });
    expect(plain.policy_number.source).not.toBe('layout-memory');
    expect(plain.date_of_loss).toMatchObject({ value: '2026-07-04' });
    // Another layout learned nothing of the VIN.
    expect(plain.vin).toMatchObject({ value: null, flagged: true });
  });
});

/**
 * An Admin's feedback may carry field positions too: one given with its box, one found where its
 * value is printed; the next notice is read from them, and bad positions are a 400 that changes
 * nothing.
 */
describe('an Admin teaches a layout through ai/feedback', () => {
  let org: TestOrganization;
  let reviewer: TestUser;

  beforeAll(async () => {
    org = await createTestOrganization();
    reviewer = await org.addUser('Reviewer');
  }, 60_000);

  it('learns the positions it is given, refuses bad ones, and takes up to the field limit', async () => {
    const notice = (contract: string, event: string) =>
      carrierNotice({ contract, event, printed: '02/02/2026', adjuster: 'Kim Lee' });
    const [first, second] = await Promise.all([
      uploadFile(
        org.admin.token,
        org.workspaceId,
        'n1.pdf',
        await notice('HM-58120', '01/10/2026'),
      ),
      uploadFile(
        org.admin.token,
        org.workspaceId,
        'n2.pdf',
        await notice('HM-60377', '03/15/2026'),
      ),
    ]);
    expect([first.status, second.status]).toEqual(['READY', 'READY']);
    const taught = await feedback(org.admin.token, org.projectId, {
      fileId: first.fileId,
      label: 'notice',
      fields: [
        { key: 'policy_number', type: 'string', value: 'HM-58120', page: 1, box: REFERENCE_BOX },
        { key: 'date_of_loss', type: 'date', value: '2026-01-10' },
      ],
    });
    expect(taught.status).toBe(200);
    expect(taught.body).toMatchObject({
      modelVersion: 1,
      layout: { learned: true, fields: 2, version: 1 },
    });

    const read = await extract(org.admin.token, org.projectId, {
      fileId: second.fileId,
      config: PLAIN_CONFIG,
    });
    expect(read.status).toBe(200);
    const fields = byKey(read.body.fields as Body[]);
    expect(fields.policy_number).toMatchObject({ value: 'HM-60377', source: 'layout-memory' });
    expect(fields.date_of_loss).toMatchObject({ value: '2026-03-15', source: 'layout-memory' });

    const field = { key: 'policy_number', type: 'string', value: 'HM-58120' };
    const bad: Array<[string, Body]> = [
      ['positions without a file', { text: 'Reference HM-58120', fields: [field] }],
      [
        'a box without its page',
        { fileId: first.fileId, fields: [{ ...field, box: REFERENCE_BOX }] },
      ],
      ['a page without its box', { fileId: first.fileId, fields: [{ ...field, page: 1 }] }],
      ['page 0', { fileId: first.fileId, fields: [{ ...field, page: 0, box: REFERENCE_BOX }] }],
      [
        'a box off the page',
        {
          fileId: first.fileId,
          fields: [{ ...field, page: 1, box: { ...REFERENCE_BOX, x: 1.2 } }],
        },
      ],
      ['a table field', { fileId: first.fileId, fields: [{ ...field, type: 'table' }] }],
      ['an object value', { fileId: first.fileId, fields: [{ ...field, value: { a: 1 } }] }],
      ['an empty value', { fileId: first.fileId, fields: [{ ...field, value: '' }] }],
      [
        `${MAX_LEARNED_FIELDS + 1} fields`,
        {
          fileId: first.fileId,
          fields: Array.from({ length: MAX_LEARNED_FIELDS + 1 }, (_, n) => ({
            ...field,
            key: `f${n}`,
          })),
        },
      ],
    ];
    for (const [name, body] of bad) {
      const refused = await feedback(org.admin.token, org.projectId, { label: 'notice', ...body });
      expect({ name, status: refused.status, code: refused.body.code }).toEqual({
        name,
        status: 400,
        code: 'VALIDATION_FAILED',
      });
    }

    // At the limit: accepted; values printed nowhere teach the layout nothing.
    const atLimit = await feedback(org.admin.token, org.projectId, {
      fileId: first.fileId,
      label: 'notice',
      fields: Array.from({ length: MAX_LEARNED_FIELDS }, (_, n) => ({
        key: `f${n}`,
        type: 'string',
        value: `not printed ${n}`,
      })),
    });
    expect(atLimit.status).toBe(200);
    // The refused calls changed nothing: this is the model's second lesson.
    expect(atLimit.body).toMatchObject({
      modelVersion: 2,
      layout: { learned: false, fields: 0, version: 0 },
    });

    // An Admin sees what the project remembers, and resets it: the notice is read as before.
    const memories = `/projects/${org.projectId}/ai/layout-memories`;
    const seen = await apiRequest<{ data: Body[]; totalCount: number }>('GET', memories, {
      token: org.admin.token,
    });
    expect(seen.status).toBe(200);
    expect(seen.body.totalCount).toBe(1);
    expect(seen.body.data[0]).toMatchObject({
      version: 1,
      fields: expect.arrayContaining([
        expect.objectContaining({ key: 'policy_number', page: 1, anchorText: 'Reference' }),
        expect.objectContaining({ key: 'date_of_loss', page: 1 }),
      ]),
    });
    const denied = await apiRequest<Body>('DELETE', memories, { token: reviewer.token });
    // The specification's PERMISSION_DENIED is a 401.
    expect({ status: denied.status, code: denied.body.code }).toEqual({
      status: 401,
      code: 'PERMISSION_DENIED',
    });
    const forgotten = await apiRequest<Body>('DELETE', memories, { token: org.admin.token });
    expect(forgotten.status).toBe(200);
    expect(forgotten.body.deleted).toBe(1);
    const empty = await apiRequest<{ totalCount: number }>('GET', memories, {
      token: org.admin.token,
    });
    expect(empty.body.totalCount).toBe(0);
    const unlearned = await extract(org.admin.token, org.projectId, {
      fileId: second.fileId,
      config: PLAIN_CONFIG,
    });
    expect(byKey(unlearned.body.fields as Body[]).policy_number.source).not.toBe('layout-memory');
    const unknown = `/projects/00000000-0000-4000-8000-000000000000/ai/layout-memories`;
    expect((await apiRequest('GET', unknown, { token: org.admin.token })).status).toBe(404);
  });
});
