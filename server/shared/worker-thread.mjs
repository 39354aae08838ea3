// A worker pool's thread (worker-pool.ts): TypeScript is loaded through tsx here, as the shop's own
// process loads it (`node --import tsx`), whatever started the process (the shop, a test runner);
// then the pool's module, which serves the thread's tasks.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.module);
