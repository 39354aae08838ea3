// A worker pool's thread for worker-pool.test.ts: answers which thread it is, fails, or stops.
import { threadId } from 'node:worker_threads';
import { serveInThread } from '../../../server/shared/worker-pool';

export type PoolTask = { op: 'who'; wait: number } | { op: 'fail' } | { op: 'stop' };

serveInThread(async (task: PoolTask) => {
  if (task.op === 'fail') throw new Error('the task failed in its thread');
  if (task.op === 'stop') process.exit(3);
  await new Promise((resolve) => setTimeout(resolve, task.wait));
  return `thread ${String(threadId)}`;
});
