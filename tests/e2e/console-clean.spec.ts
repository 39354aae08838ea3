import { expect, test, type APIRequestContext, type Browser, type ConsoleMessage, type Page } from '@playwright/test';
import { first } from '../lists';
import { everyRoute, NOT_FOUND, UNHYDRATED_ISLANDS } from './fixtures';
import { ownProduct } from './own-products';

/**
 * Every route, in every session state a browser can be in, runs without a console error or an
 * uncaught page error (React's production errors, such as #418 for a hydration mismatch, are
 * console errors and page errors). Pages of one state share a browser context and load side by
 * side.
 */

// About 30 routes a state, four pages at a time, on a machine other work shares.
test.describe.configure({ timeout: 300_000 });

const PASSWORD = 'jeera-rice-99';
const SIDE_BY_SIDE = 4;

function unsignedToken(payload: object): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}.signature`;
}

async function shopperWithOrder(request: APIRequestContext) {
  const id = `${Date.now().toString(36)}${process.pid}`;
  const email = `console-${id}@example.in`;
  const phone = `7${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  await request.post('/api/common/signup', {
    data: { first_name: 'Kavya', last_name: 'Iyer', phone_number: phone, email, password: PASSWORD },
  });
  const login = async () => {
    const answer = await request.post('/api/common/userlogin', { data: { email, password: PASSWORD } });
    return ((await answer.json()) as { data: { tokens: { access: string }; user_id: number } }).data;
  };
  const data = await login();
  const auth = { authorization: `Bearer ${data.tokens.access}` };
  const product = await ownProduct(request);
  const order = await request.post('/api/common/create_order', {
    headers: auth,
    data: {
      products: [{ variant_id: first(product.variants, 'its variants').id, quantity: 1 }],
      address: 'Kavya Iyer, 9812345678, Indiranagar, 42 12th Main, Bengaluru, Karnataka, 560038',
    },
  });
  expect(order.status()).toBe(201);
  const { id: orderId } = (await order.json()) as { id: number };
  // A second login, logged out through the API: a token the server has ended, not yet expired.
  const revoked = await login();
  const out = await request.post('/api/common/logout/', {
    headers: { authorization: `Bearer ${revoked.tokens.access}` },
    data: {},
  });
  expect(out.ok()).toBe(true);
  return { data, revoked, orderId };
}

type Stored = Record<string, string> | null;

/** Visits every route with `stored` in local storage at the start of each page; lists what went wrong. */
async function problemsIn(
  browser: Browser,
  baseURL: string,
  stored: Stored,
  paths: string[],
  /** Answers this state must get, and Chrome reports as 'Failed to load resource'. */
  expected: (message: ConsoleMessage) => boolean,
): Promise<string[]> {
  const context = await browser.newContext({ baseURL });
  if (stored) {
    await context.addInitScript((s) => {
      // about:blank, where each page starts and ends, has no storage of its own.
      if (location.protocol === 'about:') return;
      for (const [key, value] of Object.entries(s)) localStorage.setItem(key, value);
    }, stored);
  }
  const problems: string[] = [];
  const queue = [...paths];
  await Promise.all(
    Array.from({ length: SIDE_BY_SIDE }, async () => {
      for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
        // A page of its own per route: some send the shopper on after a delay (the reset page
        // without a verified PIN), which must not cut into the next route's visit.
        const page = await context.newPage();
        const current = path;
        page.on('console', (message) => {
          if (message.type() !== 'error' || expected(message)) return;
          problems.push(`${current}: console: ${message.text()} (${message.location().url})`);
        });
        page.on('pageerror', (error) => problems.push(`${current}: page error: ${error.message}`));
        try {
          await page.goto(path);
        } catch (error) {
          // Pages that need a login send a visitor to it at once: that navigation is the page's.
          if (!/interrupted by another navigation/.test(String(error))) throw error;
        }
        // Islands hydrate when idle and pages load data after: wait until they have, and the
        // network is quiet, no request for 500 ms (bounded: a page may keep asking, e.g. waiting
        // for a payment; it is closed on the deadline and named in the report).
        await expect(page.locator(UNHYDRATED_ISLANDS)).toHaveCount(0, { timeout: 30_000 });
        const quiet = await page
          .waitForLoadState('networkidle', { timeout: QUIET_WITHIN_MS })
          .then(() => true)
          .catch(() => false);
        if (!quiet) test.info().annotations.push({ type: 'busy page', description: `${current}: still loading` });
        if (
          !(await withinDeadline(
            leaveAndClose(page).catch((error: unknown) =>
              problems.push(`${current}: closing failed: ${String(error)}`),
            ),
            CLOSE_WITHIN_MS,
          ))
        ) {
          // Chromium may never acknowledge a close that raced a navigation (see leaveAndClose): the
          // page is left to the context's close below, which is bounded and reported in its turn.
          test.info().annotations.push({ type: 'slow close', description: `${current}: left to the context` });
        }
      }
    }),
  );
  if (!(await withinDeadline(context.close(), CLOSE_WITHIN_MS))) {
    problems.push(`the browser context did not close within ${CLOSE_WITHIN_MS / 1000} s`);
  }
  return problems;
}

/** How long a page may keep the network busy before it is closed (and named in the report). */
const QUIET_WITHIN_MS = 10_000;
/** How long closing a page or the context may take: a hang is a reported problem, not a spent test timeout. */
const CLOSE_WITHIN_MS = 15_000;

/**
 * Closes a page once nothing can navigate it any more. Chromium may acknowledge a close that
 * races a navigation's commit and never close the page (crbug.com/536385539), and pages here send
 * the shopper on by themselves (the login page of a live session goes home once the server
 * confirms it). Going to about:blank first ends the page's scripts, and so their navigations;
 * a navigation of the page's own that wins the race is simply followed by another try (and a try
 * cut short by the one before it, still on its way to about:blank, waits for that one).
 */
async function leaveAndClose(page: Page): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.goto('about:blank');
      break;
    } catch (error) {
      // An earlier try's navigation to about:blank, still under way, gets there all the same.
      if (/interrupted by another navigation to "about:blank"/.test(String(error))) {
        await page.waitForURL('about:blank');
        break;
      }
      if (attempt === 3 || !/interrupted by another navigation|net::ERR_ABORTED/.test(String(error))) throw error;
    }
  }
  await page.close({ runBeforeUnload: false });
}

/** Whether `work` ended within `ms`; it is left to itself after that. */
async function withinDeadline(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work.then(() => true as const), late]);
  } finally {
    clearTimeout(timer);
  }
}

type State = 'fresh' | 'logged in' | 'expired token' | 'garbage token' | 'revoked token';

for (const state of ['fresh', 'logged in', 'expired token', 'garbage token', 'revoked token'] as State[]) {
  test(`no console or page errors on any route: ${state}`, async ({ browser, request, baseURL }) => {
    const { data, revoked, orderId } = await shopperWithOrder(request);
    const base = baseURL as string;
    const user = (d: typeof data) => ({
      authToken: d.tokens.access,
      user: JSON.stringify(d),
      user_id: String(d.user_id),
    });
    // The one answer every state expects to fail: the missing page itself is a 404.
    const missingPage = (m: ConsoleMessage) =>
      m.text().startsWith('Failed to load resource: the server responded with a status of 404') &&
      m.location().url === `${base}${NOT_FOUND}`;
    // A revoked token is only found out by asking the server: its first calls are answered 401.
    const refusedToken = (m: ConsoleMessage) =>
      m.text() === 'Failed to load resource: the server responded with a status of 401 (Unauthorized)' &&
      m.location().url.startsWith(`${base}/api/`);
    const stored: Record<State, Stored> = {
      fresh: null,
      'logged in': user(data),
      'expired token': { ...user(data), authToken: unsignedToken({ user_id: data.user_id, exp: 1_600_000_000 }) },
      'garbage token': { ...user(data), authToken: 'not-a-token' },
      'revoked token': user(revoked),
    };
    const expected = state === 'revoked token' ? (m: ConsoleMessage) => missingPage(m) || refusedToken(m) : missingPage;
    expect(await problemsIn(browser, base, stored[state], everyRoute(orderId), expected)).toEqual([]);
  });
}
