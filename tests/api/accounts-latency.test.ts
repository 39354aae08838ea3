import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { login, makeTestApp, signup, userFields, type TestApp } from './helpers';

let t: TestApp;

beforeAll(async () => {
  t = await makeTestApp(5);
});

afterAll(async () => {
  await t.close();
});

const RUNS = 20;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

async function timed(run: () => Promise<{ status: number }>, status: number): Promise<number> {
  const started = performance.now();
  const res = await run();
  const ms = performance.now() - started;
  expect(res.status).toBe(status);
  return ms;
}

describe('latency (median of 20, in-process)', () => {
  test('sign-up and login stay well under a second; unknown e-mails take as long as known ones', async () => {
    const users = Array.from({ length: RUNS }, () => userFields());
    const signups: number[] = [];
    for (const u of users) signups.push(await timed(() => signup(t, u), 201));
    const logins: number[] = [];
    for (const u of users) logins.push(await timed(() => login(t, u.email, u.password), 200));
    const wrong: number[] = [];
    for (const u of users) wrong.push(await timed(() => login(t, u.email, 'not the password'), 401));
    const unknown: number[] = [];
    for (let i = 0; i < RUNS; i++)
      unknown.push(await timed(() => login(t, `nobody-${i}@example.in`, 'whatever1'), 401));

    const m = { signup: median(signups), login: median(logins), wrong: median(wrong), unknown: median(unknown) };
    console.log(
      `signup ${m.signup.toFixed(1)} ms, login ${m.login.toFixed(1)} ms, wrong password ${m.wrong.toFixed(1)} ms, ` +
        `unknown e-mail ${m.unknown.toFixed(1)} ms (medians of ${RUNS})`,
    );
    expect(m.signup).toBeLessThan(1000);
    expect(m.login).toBeLessThan(1000);
    // The dummy hash makes an unknown e-mail cost a real password check: no timing tell.
    expect(m.unknown / m.wrong).toBeGreaterThan(0.5);
    expect(m.unknown / m.wrong).toBeLessThan(2);
  });
});
