import { isMainThread, parentPort, Worker } from 'node:worker_threads';

/**
 * Work that holds a JavaScript thread for tens of milliseconds (drawing an invoice with pdfkit,
 * shading a demo photo pixel by pixel) runs on worker threads, so the thread that answers
 * requests (or orchestrates the seed) never waits for it.
 *
 * A pool starts its threads on the first task, one more each time every running thread is busy,
 * up to `size`, and does not keep the process alive while idle. A task goes to the thread with
 * the fewest under way. The tasks of a thread that stops run on the calling thread instead, as
 * they would without the pool (the answer is the same, only slower), and a later task starts a
 * new thread; when a thread cannot start or fails (its module does not load, an uncaught error),
 * every later task runs on the calling thread too.
 *
 * Why not Piscina (5.3.2, tried in its place): a thread whose module fails to load makes it emit an
 * 'error' no task hears and leave every queued task waiting for good (it starts no thread again
 * after a failure during start-up), and with no idle threads kept a task queued behind a thread
 * that exits waited too (20 s, the test's limit, in worker-pool.test.ts); this pool answers both
 * on the calling thread, as the shop needs of an invoice or a photo.
 *
 * A thread's module is a TypeScript file that calls `serveInThread(handler)`; it is loaded through
 * tsx (worker-thread.mjs), as the shop's own process loads its code, whatever started the process.
 */

/** A task sent to a thread. */
interface ThreadRequest<In> {
  id: number;
  input: In;
}

/** A thread's answer: the output, or why the task failed. */
type ThreadAnswer<Out> = { id: number; output: Out } | { id: number; error: string };

export interface WorkerPoolOptions<In, Out> {
  /** The module each thread runs: it calls `serveInThread` with the same work as `runHere`. */
  module: URL;
  /** Threads at most. */
  size: number;
  /** The same work on the calling thread, when no thread can take it. */
  runHere: (input: In) => Promise<Out>;
}

interface Pending<In, Out> {
  input: In;
  resolve: (output: Out) => void;
  reject: (error: Error) => void;
}

interface Thread<In, Out> {
  worker: Worker;
  pending: Map<number, Pending<In, Out>>;
}

const THREAD_ENTRY = new URL('./worker-thread.mjs', import.meta.url);

/** A pool of threads running `module`; answers the function that hands it a task. */
export function workerPool<In, Out>(options: WorkerPoolOptions<In, Out>): (input: In) => Promise<Out> {
  const threads: Thread<In, Out>[] = [];
  let broken = false;
  let next = 0;

  /** The tasks of a thread that stopped run here instead. */
  const runWaitingHere = (thread: Thread<In, Out>): void => {
    const index = threads.indexOf(thread);
    if (index >= 0) threads.splice(index, 1);
    for (const [id, task] of thread.pending) {
      thread.pending.delete(id);
      options.runHere(task.input).then(task.resolve, task.reject);
    }
  };

  const start = (): Thread<In, Out> | null => {
    let worker: Worker;
    try {
      worker = new Worker(THREAD_ENTRY, { workerData: { module: options.module.href } });
    } catch {
      broken = true;
      return null;
    }
    const thread: Thread<In, Out> = { worker, pending: new Map() };
    worker.unref();
    worker.on('message', (answer: ThreadAnswer<Out>) => {
      const task = thread.pending.get(answer.id);
      if (!task) return;
      thread.pending.delete(answer.id);
      if ('output' in answer) task.resolve(answer.output);
      else task.reject(new Error(answer.error));
      if (thread.pending.size === 0) worker.unref();
    });
    worker.on('error', () => {
      broken = true;
      runWaitingHere(thread);
    });
    worker.on('exit', () => runWaitingHere(thread));
    threads.push(thread);
    return thread;
  };

  const pick = (): Thread<In, Out> | null => {
    if (broken) return null;
    let best: Thread<In, Out> | null = null;
    for (const thread of threads) if (!best || thread.pending.size < best.pending.size) best = thread;
    if ((!best || best.pending.size > 0) && threads.length < Math.max(1, options.size)) return start() ?? best;
    return best;
  };

  return (input: In) => {
    const thread = pick();
    if (!thread) return options.runHere(input);
    const id = (next += 1);
    return new Promise<Out>((resolve, reject) => {
      thread.pending.set(id, { input, resolve, reject });
      // Kept alive while it works, so a process waiting for the answer does not end first.
      thread.worker.ref();
      thread.worker.postMessage({ id, input } satisfies ThreadRequest<In>);
    });
  };
}

/**
 * Run by a pool's thread module: answers each task with `handler`'s output or its error. The
 * buffers `transfer` names are moved to the calling thread rather than copied.
 */
export function serveInThread<In, Out>(
  handler: (input: In) => Promise<Out>,
  transfer: (output: Out) => ArrayBuffer[] = () => [],
): void {
  if (isMainThread || !parentPort) throw new Error('serveInThread runs in a worker thread only');
  const port = parentPort;
  port.on('message', (request: ThreadRequest<In>) => {
    handler(request.input).then(
      (output) => port.postMessage({ id: request.id, output } satisfies ThreadAnswer<Out>, transfer(output)),
      (error: unknown) =>
        port.postMessage({
          id: request.id,
          error: error instanceof Error ? error.message : String(error),
        } satisfies ThreadAnswer<Out>),
    );
  });
}

/**
 * The memory of `bytes` as a list to transfer: only when the bytes are all of it (a Buffer cut
 * from Node's shared pool is copied, or moving it would take its neighbours too).
 */
export function movable(bytes: Uint8Array): ArrayBuffer[] {
  const { buffer } = bytes;
  return buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength
    ? [buffer]
    : [];
}

/** A Buffer over the bytes a thread sent (structured cloning turns a Buffer into a Uint8Array). */
export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
