import type { ExecutionStatusEvent, ExecutionStepEvent } from '@docket/contracts';

import { mergeStatusEvents, mergeStepEvents } from './execution-event.merge';

const org = '6f1c1a52-4c8e-4d2b-9a57-1f5f0f3c2a10';
const run = 'a3e5b2f4-8d9c-4b1e-a6f7-2c3d4e5f6a7b';
const other = 'b4f6c3a5-9e0d-4c2f-b7a8-3d4e5f6a7b8c';

function status(
  seq: number,
  value: ExecutionStatusEvent['status'],
  at: string,
  extra: Partial<ExecutionStatusEvent> = {},
): ExecutionStatusEvent {
  return { executionId: run, organizationId: org, seq, status: value, at, ...extra };
}

function step(
  status: ExecutionStepEvent['status'],
  attempt: number,
  startedAt: string,
  extra: Partial<ExecutionStepEvent> = {},
): ExecutionStepEvent {
  return {
    executionId: run,
    organizationId: org,
    stepKey: 'extract',
    sequence: 2,
    nodeId: 'extract',
    nodeType: 'ai.extract',
    nodeName: 'Extract',
    status,
    attempt,
    startedAt,
    ...extra,
  };
}

describe('mergeStatusEvents', () => {
  it("folds a run's events, in any order, into the newest status with the earliest start", () => {
    const running = status(1, 'running', '2026-01-01T00:00:01.000Z', { itemIds: [other] });
    const completed = status(2, 'completed', '2026-01-01T00:00:05.000Z', { stepsCompleted: 3 });
    for (const events of [
      [running, completed],
      [completed, running],
    ]) {
      expect(mergeStatusEvents(events)).toEqual([
        {
          executionId: run,
          organizationId: org,
          seq: 2,
          status: 'completed',
          at: '2026-01-01T00:00:05.000Z',
          startedAt: '2026-01-01T00:00:01.000Z',
          error: null,
          itemIds: [other],
          stepsCompleted: 3,
        },
      ]);
    }
  });

  it('keeps runs apart, a pending event starts nothing, and item ids are united once', () => {
    const merged = mergeStatusEvents([
      status(0, 'pending', '2026-01-01T00:00:00.000Z', { itemIds: [other] }),
      status(1, 'in_review', '2026-01-01T00:00:02.000Z', { itemIds: [other] }),
      { ...status(1, 'running', '2026-01-01T00:00:03.000Z'), executionId: other },
    ]);
    expect(merged).toHaveLength(2);
    expect(merged[0]).toMatchObject({ status: 'in_review', seq: 1, itemIds: [other] });
    expect(merged[0].startedAt).toBe('2026-01-01T00:00:02.000Z');
    expect(merged[1]).toMatchObject({ executionId: other, status: 'running' });
  });

  it('keeps the newest error', () => {
    const error = { code: 'NODE_FAILED', message: 'boom' };
    const merged = mergeStatusEvents([
      status(3, 'failed', '2026-01-01T00:00:09.000Z', { error }),
      status(1, 'running', '2026-01-01T00:00:01.000Z'),
    ]);
    expect(merged[0]).toMatchObject({ status: 'failed', error });
  });

  it("waits for the newest event's steps only, none when it names none", () => {
    const ended = status(4, 'completed', '2026-01-01T00:00:09.000Z', { stepsCompleted: 2 });
    expect(
      mergeStatusEvents([ended, status(1, 'running', '2026-01-01T00:00:01.000Z')])[0],
    ).toMatchObject({ status: 'completed', stepsCompleted: 2 });
    const older = status(2, 'failed', '2026-01-01T00:00:05.000Z', { stepsCompleted: 5 });
    const newer = status(3, 'canceled', '2026-01-01T00:00:06.000Z');
    expect(mergeStatusEvents([older, newer])[0]).toMatchObject({
      status: 'canceled',
      stepsCompleted: null,
    });
  });
});

describe('mergeStepEvents', () => {
  it("folds a step's start and end into the end, started at the start, input kept", () => {
    const start = step('running', 1, '2026-01-01T00:00:01.000Z', { input: { a: 1 } });
    const end = step('completed', 1, '2026-01-01T00:00:01.500Z', {
      completedAt: '2026-01-01T00:00:02.000Z',
      output: { b: 2 },
    });
    for (const events of [
      [start, end],
      [end, start],
    ]) {
      expect(mergeStepEvents(events)).toEqual([
        { ...end, startedAt: '2026-01-01T00:00:01.000Z', input: { a: 1 } },
      ]);
    }
  });

  it('lets a later attempt win over an earlier end, and keeps steps apart', () => {
    const failed = step('failed', 1, '2026-01-01T00:00:01.000Z');
    const retry = step('running', 2, '2026-01-01T00:00:03.000Z');
    const another = step('completed', 1, '2026-01-01T00:00:04.000Z', { stepKey: 'route' });
    const merged = mergeStepEvents([retry, failed, another]);
    expect(merged).toHaveLength(2);
    expect(merged[0]).toMatchObject({ status: 'running', attempt: 2 });
    expect(merged[0].startedAt).toBe('2026-01-01T00:00:01.000Z');
    expect(merged[1]).toMatchObject({ stepKey: 'route', status: 'completed' });
  });

  it("lets a run's cancel end a running or waiting step, in either order, keeping its input", () => {
    for (const open of ['running', 'waiting'] as const) {
      const start = step(open, 2, '2026-01-01T00:00:01.000Z', { input: { a: 1 } });
      const cancel = step('canceled', 1, '2026-01-01T00:00:05.000Z', {
        completedAt: '2026-01-01T00:00:05.000Z',
      });
      for (const events of [
        [start, cancel],
        [cancel, start],
      ]) {
        expect(mergeStepEvents(events)).toEqual([
          { ...cancel, startedAt: '2026-01-01T00:00:01.000Z', input: { a: 1 } },
        ]);
      }
    }
  });

  it('folds a cancel and an end as if applied one after the other: the first end stays', () => {
    const done = step('completed', 1, '2026-01-01T00:00:01.000Z', { output: 7 });
    const cancel = step('canceled', 1, '2026-01-01T00:00:05.000Z');
    expect(mergeStepEvents([done, cancel])).toEqual([done]);
    expect(mergeStepEvents([cancel, done])).toEqual([
      { ...cancel, startedAt: '2026-01-01T00:00:01.000Z' },
    ]);
  });
});
