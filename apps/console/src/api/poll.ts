export interface PollOptions {
  /** The first wait, in ms. */
  firstMs?: number;
  /** The longest wait between two checks, in ms. */
  maxMs?: number;
  /** Gives up after this long, in ms. */
  giveUpMs?: number;
}

/**
 * Calls `check` until it answers true, waiting a little longer each time (×1.5, capped): a
 * page left open does not spend its session's rate budget at a second's pace for ever. The API
 * client itself waits out any Retry-After. Resolves to false when it gave up.
 */
export async function pollWithBackoff(
  check: () => Promise<boolean>,
  { firstMs = 1000, maxMs = 10_000, giveUpMs = 15 * 60_000 }: PollOptions = {},
): Promise<boolean> {
  const deadline = Date.now() + giveUpMs;
  let delay = firstMs;
  while (Date.now() + delay <= deadline) {
    await new Promise((resolve) => setTimeout(resolve, delay));
    if (await check()) return true;
    delay = Math.min(maxMs, Math.round(delay * 1.5));
  }
  return false;
}
