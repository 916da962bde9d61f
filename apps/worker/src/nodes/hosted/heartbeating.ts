/** Well inside the AI activities' one-minute heartbeat timeout. */
const HEARTBEAT_EVERY_MS = 15_000;

/**
 * Runs `work` while heartbeating: a hosted model may take longer to answer (up to its
 * configured five minutes) than the activity may stay silent before Temporal presumes it dead.
 */
export async function whileHeartbeating<T>(
  heartbeat: () => void,
  work: () => Promise<T>,
): Promise<T> {
  const timer = setInterval(heartbeat, HEARTBEAT_EVERY_MS);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}
