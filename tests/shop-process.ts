import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { until } from './wait';

/** The repository's root, where `npm start` runs. */
export const ROOT = path.resolve(import.meta.dirname, '..');

/** `npm start` as a child process, with what it has written so far. */
export interface ShopProcess {
  child: ChildProcess;
  readonly stdout: string;
  readonly stderr: string;
  /** The first match of `pattern` in its output, once it is there (the shop must still run). */
  waitForOutput(pattern: RegExp, ms: number, everyMs?: number): Promise<RegExpMatchArray>;
}

/** How a start that was meant to fail ended. */
export interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

function spawnShop(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', HOST: '127.0.0.1', ...env },
  });
}

/** Starts the shop on 127.0.0.1 with `env` and nothing else of this process's environment but PATH and HOME. */
export function startShop(env: Record<string, string>): ShopProcess {
  const child = spawnShop(env);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return {
    child,
    get stdout() {
      return stdout;
    },
    get stderr() {
      return stderr;
    },
    async waitForOutput(pattern, ms, everyMs = 50) {
      try {
        return await until(
          () => {
            if (child.exitCode !== null) throw new Error('the shop ended');
            return pattern.exec(stdout);
          },
          { timeoutMs: ms, everyMs, what: String(pattern) },
        );
      } catch (error) {
        throw new Error(
          `${error instanceof Error ? error.message : String(error)}; the shop's output:\n${stdout}\n${stderr}`,
        );
      }
    },
  };
}

/**
 * Starts the shop as `startShop` does and answers once it has ended. A start that did not fail
 * would keep serving: it is stopped after `limitMs`, and the test fails on the exit code.
 */
export function startToEnd(env: Record<string, string>, limitMs: number): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawnShop(env);
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), limitMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
