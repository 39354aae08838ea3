import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project's root folder (the parent of bench/). */
export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Scratch space of the bench; ignored by git. */
export const BENCH_TMP = path.join(PROJECT_ROOT, 'bench', 'tmp');

/** Every child still running, so an interrupted bench can stop them all. */
const running = new Set<ChildProcess>();

export interface CommandResult {
  code: number | null;
  output: string;
  ms: number;
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    // Negative pid: the whole process group, so tsx's and Astro's own children stop too.
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

/** Stops a child's whole process group: SIGTERM, then SIGKILL after `graceMs`. */
export async function stopProcess(child: ChildProcess, graceMs = 5_000): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    killGroup(child, 'SIGTERM');
    const timer = setTimeout(() => killGroup(child, 'SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  }
  // Grandchildren may outlive the group leader; make sure none is left.
  killGroup(child, 'SIGKILL');
  running.delete(child);
}

/** Stops for things started by libraries (a Chromium launched for Lighthouse). */
const cleanups = new Set<() => void>();

/** Registers `stop` to run if the bench is interrupted; call the answer once it has stopped. */
export function onInterrupt(stop: () => void): () => void {
  cleanups.add(stop);
  return () => cleanups.delete(stop);
}

/** Stops every child the bench started that is still running. */
export async function stopAll(): Promise<void> {
  for (const stop of cleanups) {
    try {
      stop();
    } catch {
      // Best effort: the process may be gone already.
    }
  }
  cleanups.clear();
  await Promise.all([...running].map((child) => stopProcess(child, 2_000)));
}

/** Starts `command` in its own process group, with its output collected (and optionally echoed). */
export function startProcess(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  onLine?: (line: string) => void,
): { child: ChildProcess; output: () => string } {
  const child = spawn(command, args, { cwd: PROJECT_ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let output = '';
  let partial = '';
  const collect = (chunk: Buffer) => {
    const text = chunk.toString();
    output += text;
    if (output.length > 400_000) output = output.slice(-200_000);
    if (!onLine) return;
    const lines = (partial + text).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) onLine(line);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  return { child, output: () => output };
}

/** Runs `command` to completion (or until `timeoutMs`, when its process group is stopped). */
export async function runCommand(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
): Promise<CommandResult> {
  const started = performance.now();
  const { child, output } = startProcess(command, args, env);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    void stopProcess(child);
  }, timeoutMs);
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', (exitCode) => resolve(exitCode));
    });
    if (timedOut)
      throw new Error(`${command} ${args.join(' ')} took longer than ${timeoutMs / 1000} s and was stopped`);
    return { code, output: output(), ms: performance.now() - started };
  } finally {
    clearTimeout(timer);
    await stopProcess(child);
  }
}

/** Runs a TypeScript file of the project with Node and tsx, like the npm scripts do. */
export function tsxArgs(file: string, args: string[] = []): string[] {
  return ['--import', 'tsx', file, ...args];
}

/** A TCP port free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** True while something accepts connections on 127.0.0.1:port. */
export function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
