import { BUDGETS } from './budgets';
import { fmt, info, judged, median, type Table } from './report';

/**
 * Sign-up and login timings, one request at a time against the running shop. Passwords are
 * hashed with argon2id (19 MiB, 2 passes), so these are the shop's slowest single answers; and a
 * login for an unknown e-mail must cost as much as a wrong password, or its timing would tell an
 * attacker which e-mails have accounts (the server checks a dummy hash).
 */
export interface AccountsResult {
  runs: number;
  signupMs: number;
  loginMs: number;
  wrongPasswordMs: number;
  unknownEmailMs: number;
}

const RUNS = 20;
const JSON_HEADERS = { accept: 'application/json', 'content-type': 'application/json' };

async function timedPost(url: string, body: unknown, status: number): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(body) });
  await res.arrayBuffer();
  const ms = performance.now() - started;
  if (res.status !== status) throw new Error(`POST ${url} answered ${res.status}, not ${status}`);
  return ms;
}

/** Medians of `RUNS` sign-ups, logins, wrong passwords and unknown e-mails (the shop runs with throttles off). */
export async function benchAccounts(origin: string, log: (line: string) => void): Promise<AccountsResult> {
  const stamp = Date.now() % 100_000;
  const users = Array.from({ length: RUNS }, (_, i) => ({
    first_name: 'Asha',
    last_name: 'Verma',
    phone_number: `9${String(stamp).padStart(5, '0')}${String(i).padStart(4, '0')}`,
    email: `bench-${stamp}-${i}@example.in`,
    password: 'correct horse 42',
  }));
  const api = (path: string) => `${origin}/api/common/${path}`;
  const signups: number[] = [];
  for (const u of users) signups.push(await timedPost(api('signup'), u, 201));
  const logins: number[] = [];
  for (const u of users) logins.push(await timedPost(api('userlogin'), { email: u.email, password: u.password }, 200));
  const wrong: number[] = [];
  for (const u of users)
    wrong.push(await timedPost(api('userlogin'), { email: u.email, password: 'not the password' }, 401));
  const unknown: number[] = [];
  for (let i = 0; i < RUNS; i++)
    unknown.push(
      await timedPost(api('userlogin'), { email: `nobody-${stamp}-${i}@example.in`, password: 'whatever1' }, 401),
    );
  const result = {
    runs: RUNS,
    signupMs: median(signups),
    loginMs: median(logins),
    wrongPasswordMs: median(wrong),
    unknownEmailMs: median(unknown),
  };
  log(
    `  sign-up ${fmt(result.signupMs, 1)} ms, login ${fmt(result.loginMs, 1)} ms, wrong password ` +
      `${fmt(result.wrongPasswordMs, 1)} ms, unknown e-mail ${fmt(result.unknownEmailMs, 1)} ms`,
  );
  return result;
}

/** The accounts section's table. */
export function accountsTable(result: AccountsResult): Table {
  const b = BUDGETS.accounts;
  const ratio = result.unknownEmailMs / result.wrongPasswordMs;
  const ms = (value: number) => `${fmt(value, 1)} ms`;
  return {
    title: 'Accounts',
    columns: ['Sign-up', 'Login', 'Wrong password', 'Unknown e-mail', 'Unknown ÷ wrong'],
    rows: [
      [
        judged(ms(result.signupMs), `< ${fmt(b.maxSignupMs)} ms`, result.signupMs < b.maxSignupMs),
        judged(ms(result.loginMs), `< ${fmt(b.maxLoginMs)} ms`, result.loginMs < b.maxLoginMs),
        info(ms(result.wrongPasswordMs)),
        info(ms(result.unknownEmailMs)),
        judged(
          fmt(ratio, 2),
          `${b.unknownToWrongRatio[0]}–${b.unknownToWrongRatio[1]}`,
          ratio > b.unknownToWrongRatio[0] && ratio < b.unknownToWrongRatio[1],
        ),
      ],
    ],
    notes: [
      `Medians of ${result.runs} requests each, one at a time, over HTTP on 127.0.0.1. An unknown e-mail costs a ` +
        'password check against a dummy hash, so its time must match a wrong password: no timing tells which ' +
        'e-mails have accounts.',
    ],
  };
}
