/**
 * Waiting for a condition, never for a length of time: `until` asks `probe` again and again (a
 * short pause between asks) until it answers a value, and fails with `what` at the deadline.
 * The one place a test pauses between polls.
 */
export async function until<T>(
  probe: () => T | null | undefined | false | Promise<T | null | undefined | false>,
  {
    timeoutMs = 5_000,
    everyMs = 20,
    what = 'the condition',
  }: { timeoutMs?: number; everyMs?: number; what?: string } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null && value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
