import { whileHeartbeating } from './heartbeating';

describe('whileHeartbeating', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('heartbeats every 15 s while the work runs, and stops when it ends', async () => {
    let beats = 0;
    let finish!: (value: string) => void;
    const running = whileHeartbeating(
      () => (beats += 1),
      () => new Promise<string>((resolve) => (finish = resolve)),
    );
    jest.advanceTimersByTime(31_000);
    expect(beats).toBe(2);
    finish('answer');
    await expect(running).resolves.toBe('answer');
    jest.advanceTimersByTime(60_000);
    expect(beats).toBe(2);
  });

  it('stops heartbeating when the work fails, passing the failure on', async () => {
    let beats = 0;
    await expect(
      whileHeartbeating(
        () => (beats += 1),
        () => Promise.reject(new Error('provider down')),
      ),
    ).rejects.toThrow('provider down');
    jest.advanceTimersByTime(60_000);
    expect(beats).toBe(0);
  });
});
