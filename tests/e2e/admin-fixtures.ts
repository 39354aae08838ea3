import { execFileSync } from 'node:child_process';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { generate } from 'otplib';
import type { StaffRole } from '../../contract/staff';
import { waitForIslands } from './fixtures';

/**
 * What the back office's browser tests share: staff accounts opened on the command line as an
 * operator does, their authenticator codes, signing in, axe, the phone, and the page's problems.
 */

/** A small phone's screen. */
export const PHONE_360 = { width: 360, height: 740 };
/** The password of every staff account the tests open. */
export const STAFF_PASSWORD = 'kitchen shelf 42';

let serial = 0;

/** A unique staff e-mail for this run. */
export function staffEmail(role: string): string {
  serial += 1;
  return `${role}-${Date.now().toString(36)}-${process.pid}-${serial}@staff.gharbazaar.in`;
}

/**
 * Opens a staff account as an operator does, `npm run shop -- staff:create … --password-stdin`,
 * on the suite's shop; answers the authenticator key the command prints once.
 */
export function staffByCommand(email: string, role: string, name: string): string {
  const out = execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'server/cli.ts',
      'staff:create',
      '--email',
      email,
      '--role',
      role,
      '--name',
      name,
      '--password-stdin',
    ],
    { input: `${STAFF_PASSWORD}\n`, env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR }, encoding: 'utf8' },
  );
  const secret = /Key: ([A-Z2-7]+)/.exec(out)?.[1];
  expect(secret, out).toBeTruthy();
  return secret ?? '';
}

/** A staff token for a new account of `role`, opened on the command line and signed in through the API. */
export async function apiStaffToken(request: APIRequestContext, role: StaffRole): Promise<string> {
  const email = staffEmail(role);
  const secret = staffByCommand(email, role, `Api ${role}`);
  const answer = await request.post('/api/admin/login', {
    data: { email, password: STAFF_PASSWORD, code: await appCode(secret) },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { token: string }).token;
}

/** The code the authenticator app shows now. */
export function appCode(secret: string): Promise<string> {
  return generate({ secret });
}

/** A six-digit code that is none of those the server takes now (the step before, now and after). */
export async function wrongCode(secret: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const taken = new Set(await Promise.all([-30, 0, 30].map((d) => generate({ secret, epoch: now + d }))));
  for (let n = 0; ; n += 1) {
    const code = String(n).padStart(6, '0');
    if (!taken.has(code)) return code;
  }
}

/** Slows this page's CPU 4×, as a mid-range phone. */
export async function slowCpu(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/** Fills the login form and signs in. */
export async function signIn(page: Page, email: string, code: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Sign in' });
  const emailField = form.getByLabel('Email');
  if ((await emailField.inputValue()) !== email) await emailField.fill(email);
  await form.getByLabel('Password', { exact: true }).fill(STAFF_PASSWORD);
  await form.getByLabel('Authenticator or recovery code').fill(code);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** How far the page scrolls sideways (0: nothing is wider than the screen). */
export function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** Records the page's console errors and uncaught errors (a hydration mismatch is both) in `into`. */
export function recordProblems(page: Page, into: string[]): void {
  page.on('console', (message) => {
    if (message.type() === 'error') into.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => into.push(`${page.url()}: ${error.message}`));
}

/** A new browser at 360 px with its CPU slowed, as the invited person's phone. */
export async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE_360 });
  const page = await context.newPage();
  await slowCpu(page);
  return page;
}

/** The name of the back office's session cookie (HttpOnly: only the browser context, not the page, can read it). */
export const STAFF_SESSION_COOKIE = 'gb_staff_session';

/**
 * The staff token the page's session cookie carries (the same token a bearer call takes), read as
 * the test's browser context sees it: no script of the page can.
 */
export async function staffSessionToken(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === STAFF_SESSION_COOKIE);
  expect(cookie, 'the staff session cookie').toBeTruthy();
  return cookie?.value ?? '';
}

/** A staff member the tests opened and signed in: their e-mail, authenticator key and staff token. */
export interface SignedInStaff {
  email: string;
  secret: string;
  token: string;
}

/** Opens a `role` account on the command line and signs this page in with it, at the dashboard. */
export async function signedInStaff(page: Page, role: StaffRole, name: string): Promise<SignedInStaff> {
  const email = staffEmail(role);
  const secret = staffByCommand(email, role, name);
  await page.goto('/admin/login');
  await waitForIslands(page);
  await signIn(page, email, await appCode(secret));
  await expect(page.getByText(`Signed in as ${name}`, { exact: false })).toBeVisible({ timeout: 20_000 });
  const token = await staffSessionToken(page);
  expect(token).toMatch(/^ey/);
  return { email, secret, token };
}
