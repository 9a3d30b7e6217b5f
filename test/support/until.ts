/**
 * Resolves once `condition` holds, checking it every 20 ms; throws after `timeoutMs`. For what a
 * test waits on that happens in the background: a message sent by the outbox, a job's run.
 */
export async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
