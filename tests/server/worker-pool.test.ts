import { isMainThread } from 'node:worker_threads';
import { describe, expect, test } from 'vitest';
import { serveInThread, workerPool } from '../../server/shared/worker-pool';
import type { PoolTask } from './worker-pool/pool-thread';

const MODULE = new URL('./worker-pool/pool-thread.ts', import.meta.url);

function pool(size: number, module: URL = MODULE) {
  const here: PoolTask[] = [];
  const run = workerPool<PoolTask, string>({
    module,
    size,
    runHere: (task) => {
      here.push(task);
      return Promise.resolve('here');
    },
  });
  return { run, here };
}

describe('worker pool', () => {
  test('tasks under way at once are spread over at most `size` threads, never the calling one', async () => {
    const { run, here } = pool(2);
    const answers = await Promise.all(Array.from({ length: 6 }, () => run({ op: 'who', wait: 150 })));
    const threads = new Set(answers);
    expect(threads.size).toBe(2);
    for (const answer of threads) expect(answer).toMatch(/^thread [1-9]\d*$/);
    expect(here).toEqual([]);
    // One at a time, the first thread is enough.
    expect(answers).toContain(await run({ op: 'who', wait: 0 }));
  });

  test("a task's error rejects it with the thread's message; the thread goes on", async () => {
    const { run } = pool(1);
    await expect(run({ op: 'fail' })).rejects.toThrow('the task failed in its thread');
    await expect(run({ op: 'who', wait: 0 })).resolves.toMatch(/^thread /);
  });

  test('the tasks of a thread that stops are done here; later ones start a new thread', async () => {
    const { run, here } = pool(1);
    const first = await run({ op: 'who', wait: 0 });
    const [stopped, waiting] = await Promise.all([run({ op: 'stop' }), run({ op: 'who', wait: 300 })]);
    expect(stopped).toBe('here');
    expect(waiting).toBe('here');
    expect(here.map((task) => task.op)).toEqual(['stop', 'who']);
    const after = await run({ op: 'who', wait: 0 });
    expect(after).toMatch(/^thread /);
    expect(after).not.toBe(first);
  });

  test('a module that cannot load leaves every task to the calling thread', async () => {
    const { run, here } = pool(2, new URL('./worker-pool/no-such-module.ts', import.meta.url));
    expect(await run({ op: 'who', wait: 0 })).toBe('here');
    expect(await run({ op: 'who', wait: 0 })).toBe('here');
    expect(here).toHaveLength(2);
  });

  test('serveInThread refuses to run outside a worker thread', () => {
    expect(isMainThread).toBe(true);
    expect(() => serveInThread(() => Promise.resolve(1))).toThrow('worker thread only');
  });
});
