import { stepWaitOf } from './execution-events.consumer';

describe("stepWaitOf: how long a run's end waits for its steps", () => {
  it('waits 25 ms, then twice as long each time, and stops waiting on the 9th delivery', () => {
    const deliveries = Array.from({ length: 9 }, (_, index) => stepWaitOf(index + 1));
    expect(deliveries.map((d) => d.retryInMs).slice(0, 8)).toEqual([
      25, 50, 100, 200, 400, 800, 1600, 3200,
    ]);
    expect(deliveries.map((d) => d.waitForSteps)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      false,
    ]);
    // What the waiting may cost a run at most before its end is shown regardless.
    const waited = deliveries.slice(0, 8).reduce((total, d) => total + d.retryInMs, 0);
    expect(waited).toBe(6375);
  });

  it('never waits on a later delivery (a retry after a failed write)', () => {
    expect(stepWaitOf(10).waitForSteps).toBe(false);
    expect(stepWaitOf(19).waitForSteps).toBe(false);
  });
});
