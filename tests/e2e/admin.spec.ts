import { expect as baseExpect, test } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { ROLE_CANNOT, STAFF_LOGIN_REFUSED } from '../../contract/staff';
import { readOnlyText } from '../../src/features/admin/read-only';
import { STAFF_SESSION_KEY } from '../../src/features/admin/staff-token';
import {
  apiStaffToken,
  appCode,
  phone,
  recordProblems,
  seriousViolations,
  sidewaysScroll,
  signedInStaff,
  signIn,
  STAFF_PASSWORD,
  STAFF_SESSION_COOKIE,
  staffSessionToken,
  staffByCommand,
  staffEmail,
  wrongCode,
} from './admin-fixtures';
import { DESKTOP, newestMail, waitForIslands } from './fixtures';
import { ownProduct } from './own-products';

/**
 * The back office's first pages (/admin): an owner opened on the command line signs in with a
 * code from the authenticator app, invites a manager, who accepts in another browser (a 360 px
 * phone, CPU slowed 4×), sets up the second factor and signs in, seeing only what a manager may
 * do; the owner changes and disables the manager, whose session ends, and reads it all in the
 * audit log. Also: the one refusal, throttling, the keyboard, axe, noindex and the sitemap.
 */

// Signing in hashes passwords (argon2) and the command line starts a process: more than the default.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const ADMIN_PAGES = [
  '/admin',
  '/admin/login',
  '/admin/invite',
  '/admin/staff',
  '/admin/audit',
  '/admin/orders',
  '/admin/order?id=1',
  '/admin/customers',
  '/admin/customer?id=1',
  '/admin/reviews',
  '/admin/refunds',
  '/admin/packing',
  '/admin/catalogue',
  '/admin/product?id=1',
  '/admin/product?new=1',
  '/admin/categories',
  '/admin/import',
];

/** The invitation link of the newest invitation e-mailed to `email`. */
async function invitationLink(email: string): Promise<string> {
  const raw = await newestMail((text) => text.includes(`To: ${email}`) && text.includes('invited you'));
  const text = (await simpleParser(raw)).text ?? '';
  const link = /https?:\/\/\S+\/admin\/invite#\S+/.exec(text)?.[0];
  expect(link, text).toBeTruthy();
  return link ?? '';
}

test.use({ viewport: DESKTOP });

test('an owner invites a manager, who signs in on a phone and sees only what a manager may do', async ({
  page,
  browser,
}) => {
  const ownerEmail = staffEmail('owner');
  const ownerSecret = staffByCommand(ownerEmail, 'owner', 'Asha Owner');
  const problems: string[] = [];
  recordProblems(page, problems);

  // The owner signs in with a code from the app and sees the dashboard.
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await waitForIslands(page);
  expect(await seriousViolations(page), 'the login page').toEqual([]);
  await signIn(page, ownerEmail, await appCode(ownerSecret));
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText(/Signed in as Asha Owner/)).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Back office' });
  await expect(nav.getByRole('link')).toHaveText([
    'Dashboard',
    'Orders',
    'To pack',
    'Refunds',
    'Catalogue',
    'Synonyms',
    'Reviews',
    'Customers',
    'Staff',
    'Audit log',
  ]);
  await expect(page.getByText('Invite staff, change their roles, disable them')).toBeVisible();
  expect(await seriousViolations(page), 'the dashboard').toEqual([]);
  // The session is an HttpOnly cookie for /api/admin/ alone: no script of the page can read the
  // token, and what the pages keep (their own key, never the shopper's) says only whose it is.
  const stored = await page.evaluate(
    (key) => ({
      staff: localStorage.getItem(key),
      shopper: localStorage.getItem('authToken'),
      cookies: document.cookie,
    }),
    STAFF_SESSION_KEY,
  );
  expect(JSON.parse(stored.staff ?? 'null')).toMatchObject({ staff: { name: 'Asha Owner', role: 'owner' } });
  expect(stored.staff).not.toMatch(/ey[\w-]+\.ey/);
  expect(stored.shopper).toBeNull();
  expect(stored.cookies).not.toContain(STAFF_SESSION_COOKIE);
  const cookie = (await page.context().cookies()).find((c) => c.name === STAFF_SESSION_COOKIE);
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/admin/' });

  // The owner invites a manager.
  await nav.getByRole('link', { name: 'Staff' }).click();
  await expect(page).toHaveURL(/\/admin\/staff$/);
  const managerEmail = staffEmail('manager');
  const invite = page.getByRole('form', { name: 'Invite staff' });
  await invite.getByLabel('Email').fill(managerEmail);
  await invite.getByLabel('Role', { exact: true }).selectOption({ label: 'Manager' });
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite.getByRole('status').filter({ hasText: 'Invitation e-mailed' })).toContainText(managerEmail);
  expect(await seriousViolations(page), 'the staff page').toEqual([]);
  const link = await invitationLink(managerEmail);

  // The manager accepts the invitation on a slow phone, in a browser of their own.
  const managerPage = await phone(browser);
  const managerProblems: string[] = [];
  recordProblems(managerPage, managerProblems);
  await managerPage.goto(link);
  await waitForIslands(managerPage);
  // The token leaves the address bar as soon as the page has read it.
  await expect(managerPage).toHaveURL(/\/admin\/invite$/);
  await managerPage.getByLabel('Your name').fill('Ravi Manager');
  await managerPage.getByLabel('Password', { exact: true }).fill(STAFF_PASSWORD);
  await managerPage.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(managerPage.getByRole('heading', { name: '1. Add the key to your authenticator app' })).toBeVisible();
  const qr = managerPage.getByRole('img', { name: 'QR code of your authenticator key' });
  await expect(qr.locator('path')).toHaveAttribute('d', /^M\d+ \d+h1v1h-1z/);
  const managerSecret = (await managerPage.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  expect(managerSecret).toMatch(/^[A-Z2-7]{32}$/);
  await expect(managerPage.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  expect(await sidewaysScroll(managerPage), 'the key and codes fit a 360 px phone').toBe(0);
  const goOn = managerPage.getByRole('button', { name: 'Continue to sign in' });
  await expect(goOn).toBeDisabled();
  await managerPage.getByLabel('I have saved these recovery codes').check();
  await goOn.click();

  // The manager signs in with the app's code and sees no Staff or Audit log.
  await expect(managerPage).toHaveURL(/\/admin\/login\?email=/);
  await waitForIslands(managerPage);
  await expect(managerPage.getByLabel('Email')).toHaveValue(managerEmail);
  await signIn(managerPage, managerEmail, await appCode(managerSecret));
  await expect(managerPage).toHaveURL(/\/admin$/);
  await expect(managerPage.getByText(/Signed in as Ravi Manager/)).toBeVisible();
  await expect(managerPage.getByRole('navigation', { name: 'Back office' }).getByRole('link')).toHaveText([
    'Dashboard',
    'Orders',
    'To pack',
    'Refunds',
    'Catalogue',
    'Synonyms',
    'Reviews',
  ]);
  await expect(managerPage.getByText('Moderate reviews')).toBeVisible();
  await expect(managerPage.getByText('Read the audit log')).toHaveCount(0);
  expect(await sidewaysScroll(managerPage), 'the dashboard fits a 360 px phone').toBe(0);
  await managerPage.goto('/admin/staff');
  await expect(managerPage.getByText(ROLE_CANNOT)).toBeVisible();
  await expect(managerPage.getByRole('form', { name: 'Invite staff' })).toHaveCount(0);

  expect(managerProblems, 'console errors on the phone').toEqual([]);

  // The owner makes the manager support staff, then disables the account.
  await page.reload();
  const card = page.getByRole('listitem', { name: 'Ravi Manager' });
  await expect(card).toContainText('Manager · Active');
  await expect(card).toContainText('Authenticator set up');
  await card.getByLabel('Role of Ravi Manager').selectOption({ label: 'Support' });
  await card.getByRole('button', { name: 'Change role of Ravi Manager' }).click();
  await expect(card).toContainText('Support · Active');
  await card.getByRole('button', { name: 'Disable Ravi Manager' }).click();
  await expect(card).toContainText('Support · Disabled');
  await expect(card.getByRole('button', { name: 'Enable Ravi Manager' })).toBeVisible();

  // The manager's next call is refused: signed out here too, and sent to sign in again.
  await managerPage.goto('/admin');
  await expect(managerPage).toHaveURL(/\/admin\/login\?ended=1$/);
  await expect(managerPage.getByText('Your session has ended. Please sign in again.')).toBeVisible();
  expect(await managerPage.evaluate((key) => localStorage.getItem(key), STAFF_SESSION_KEY)).toBeNull();
  expect((await managerPage.context().cookies()).map((c) => c.name)).not.toContain(STAFF_SESSION_COOKIE);
  await managerPage.context().close();

  // The owner reads it all in the audit log, newest first, in words; the raw record behind Details.
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  const entries = page.getByTestId('audit-entry');
  await expect(entries.first()).toBeVisible();
  const texts = await entries.allInnerTexts();
  const at = (words: string) => texts.findIndex((text) => text.includes(words));
  const lines = [
    'Disabled Ravi Manager',
    'Role of Ravi Manager: Manager → Support',
    'Ravi Manager signed in',
    'Ravi Manager accepted the invitation as manager',
    `Invited ${managerEmail} as manager`,
    'Asha Owner signed in',
  ];
  for (const line of lines) expect(at(line), `${line} in ${texts.join(' | ')}`).toBeGreaterThanOrEqual(0);
  for (let i = 1; i < lines.length; i += 1) expect(at(lines[i - 1]!)).toBeLessThan(at(lines[i]!));
  const disabled = entries.filter({ hasText: 'Disabled Ravi Manager' }).first();
  await disabled.getByText('Details', { exact: true }).click();
  await expect(disabled).toContainText('disabled_at: null');
  await expect(disabled).toContainText(/disabled_at: \d{4}-/);
  expect(await seriousViolations(page), 'the audit log').toEqual([]);
  expect(problems, 'console errors').toEqual([]);
});

test('the audit log reads in words at 1,024 px and keeps its filters; phones see confirmations at the top; support sees a product read only', async ({
  page,
  browser,
  request,
}) => {
  const problems: string[] = [];
  recordProblems(page, problems);
  await signedInStaff(page, 'owner', 'Nila Owner');
  const product = await ownProduct(request, { name: 'Audit Tumbler', onHand: 18 });
  const variant = product.variants[0]!;
  // A manager of the test's own sets the stock through the API.
  const managerToken = await apiStaffToken(request, 'manager');
  const managerHeaders = { authorization: `Bearer ${managerToken}` };
  const manager = (await (await request.get('/api/admin/me', { headers: managerHeaders })).json()) as {
    id: number;
    email: string;
  };
  const set = await request.patch(`/api/admin/catalogue/variants/${variant.id}/stock`, {
    headers: managerHeaders,
    data: { on_hand: 20 },
  });
  expect(set.status(), await set.text()).toBe(200);
  const stockLine = `Stock of ${product.name} ${variant.name}: 18 → 20`;

  // At 1,024 px the log fits: no sideways scroll, each entry in words with the record's name.
  await page.setViewportSize({ width: 1024, height: 800 });
  await page.goto('/admin/audit');
  await waitForIslands(page);
  const entries = page.getByTestId('audit-entry');
  await expect(entries.filter({ hasText: stockLine })).toHaveCount(1);
  expect(await sidewaysScroll(page), 'the audit log at 1,024 px').toBeLessThanOrEqual(0);

  // Narrowed to the manager's stock changes; the address keeps the filters through a reload.
  const filters = page.getByRole('form', { name: 'Filter the audit log' });
  await filters.getByLabel('Staff member').selectOption({ label: `Api manager (${manager.email})` });
  await filters.getByLabel('Kind').selectOption({ label: 'Stock set' });
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/audit\\?staff=${manager.id}&kind=stock\\.set$`));
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText(stockLine);
  await expect(entries.first()).toContainText('Api manager');
  await page.reload();
  await waitForIslands(page);
  await expect(filters.getByLabel('Kind')).toHaveValue('stock.set');
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText(stockLine);
  await entries.first().getByText('Details', { exact: true }).click();
  await expect(entries.first()).toContainText('on_hand: 18');
  expect(await sidewaysScroll(page), 'with the details open').toBeLessThanOrEqual(0);
  expect(await seriousViolations(page), 'the filtered audit log').toEqual([]);

  // On a 390 px phone the confirmation of a change far down the page shows at the top of the screen.
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/admin/audit');
  await expect(entries.first()).toBeVisible();
  expect(await sidewaysScroll(page), 'the audit log at 390 px').toBeLessThanOrEqual(0);
  await page.goto(`/admin/product?id=${product.id}`);
  await waitForIslands(page);
  const card = page.getByRole('region', { name: `Variant: ${variant.name}` });
  await card.getByLabel('Stock change (+/−)').fill('+1');
  await card.getByLabel('Reason').selectOption({ label: 'Counted: correction' });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const notice = page.getByTestId('desk-notice').filter({ hasText: 'Saved.' });
  await expect(notice).toBeInViewport();
  const box = await notice.boundingBox();
  expect(box?.y, 'the notice sits at the top of the screen').toBeLessThanOrEqual(16);
  expect(await page.evaluate(() => window.scrollY), 'the button was further down the page').toBeGreaterThan(0);
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toHaveCount(0);
  expect(problems, 'console errors').toEqual([]);

  // Support staff see the product read only: grey fields they cannot change, no save button, and why.
  const context = await browser.newContext({ viewport: DESKTOP });
  const supportPage = await context.newPage();
  await signedInStaff(supportPage, 'support', 'Sam Support');
  await supportPage.goto(`/admin/product?id=${product.id}`);
  await waitForIslands(supportPage);
  await expect(supportPage.getByText(readOnlyText('catalogue.write'))).toBeVisible();
  const name = supportPage.getByRole('form', { name: 'Product' }).getByLabel('Name', { exact: true });
  await expect(name).toHaveValue(product.name);
  await expect(name).not.toBeEditable();
  await expect(name).toHaveCSS('background-color', 'rgb(241, 245, 249)');
  await expect(supportPage.getByRole('button', { name: /^Save/ })).toHaveCount(0);
  await context.close();
});

test('a wrong code gets the one refusal, and too many attempts say how long to wait; all by keyboard', async ({
  page,
}) => {
  const email = staffEmail('owner');
  const secret = staffByCommand(email, 'owner', 'Kiran Owner');
  await page.goto('/admin/login');
  await waitForIslands(page);

  // Skip link, e-mail, password, its Show button, the code, then Enter.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(STAFF_PASSWORD);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Show password' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Authenticator or recovery code')).toBeFocused();
  await page.keyboard.type(await wrongCode(secret));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: STAFF_LOGIN_REFUSED })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByLabel('Authenticator or recovery code')).toHaveValue('');
  expect(await seriousViolations(page), 'the login page with its refusal').toEqual([]);

  // The throttles are off in the browser tests (every shopper comes from 127.0.0.1; the API tests
  // cover them): the server's 429 is answered here as the API sends it.
  await page.route('**/api/admin/login', (route) =>
    route.fulfill({
      status: 429,
      headers: { 'retry-after': '300', 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Too many attempts. Please try again later.' }),
    }),
  );
  await page.getByLabel('Authenticator or recovery code').fill(await appCode(secret));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Too many sign-in attempts. Please try again in 5 minutes.' }),
  ).toBeVisible();
  await page.unroute('**/api/admin/login');

  // The right code still works afterwards.
  await page.getByLabel('Authenticator or recovery code').fill(await appCode(secret));
  await page.getByRole('button', { name: 'Sign in' }).press('Enter');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText(/Signed in as Kiran Owner/)).toBeVisible();

  // A Ctrl+click opens a second tab of the same browser, signed in: no form, no second code.
  const [second] = await Promise.all([
    page.context().waitForEvent('page'),
    page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Audit log' })
      .click({ modifiers: ['ControlOrMeta'] }),
  ]);
  await expect(second).toHaveURL(/\/admin\/audit$/);
  await expect(second.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  await expect(second.getByRole('banner').getByText('Kiran Owner')).toBeVisible();
  await expect(second.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(second.getByRole('form', { name: 'Sign in' })).toHaveCount(0);
  // Its calls carry the shared session: the log's rows come from the API.
  await expect(second.getByTestId('audit-entry').first()).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
  // A third, opened by hand at another back-office address, is signed in too.
  const third = await page.context().newPage();
  await third.goto('/admin/orders');
  await expect(third.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  await expect(third.getByRole('banner').getByText('Kiran Owner')).toBeVisible();
  await expect(third.getByRole('button', { name: 'Sign out' })).toBeVisible();
  // The server took the session (GET /api/admin/me): the page is past its check.
  await expect(third.getByText('Checking your session…')).toHaveCount(0);
  await expect(third).toHaveURL(/\/admin\/orders$/);
  await third.close();

  // Signing out in the first tab ends the session on the server and in every tab: the second
  // shows the sign-in form by itself, and comes back to its page afterwards.
  const token = await staffSessionToken(page);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(second).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Faudit&ended=1$/);
  await expect(second.getByRole('form', { name: 'Sign in' })).toBeVisible();
  await expect(second.getByText('Your session has ended. Please sign in again.')).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), STAFF_SESSION_KEY)).toBeNull();
  expect((await page.context().cookies()).map((c) => c.name)).not.toContain(STAFF_SESSION_COOKIE);
  // The server refuses the ended session, sent as the cookie or as a bearer token.
  const asCookie = await page.request.get('/api/admin/me', { headers: { cookie: `${STAFF_SESSION_COOKIE}=${token}` } });
  expect(asCookie.status()).toBe(401);
  const asBearer = await page.request.get('/api/admin/me', { headers: { authorization: `Bearer ${token}` } });
  expect(asBearer.status()).toBe(401);
  // Reloading the second tab at a back-office page asks to sign in again.
  await second.goto('/admin/audit');
  await expect(second).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Faudit$/);
  await expect(second.getByRole('form', { name: 'Sign in' })).toBeVisible();
  await page.goto('/admin/audit');
  await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Faudit$/);
});

test('the form checks the fields with the shared rules before asking the server', async ({ page }) => {
  await page.goto('/admin/login');
  await waitForIslands(page);
  let asked = false;
  page.on('request', (r) => {
    if (r.url().includes('/api/admin/login')) asked = true;
  });
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Email is required.')).toBeVisible();
  await expect(page.getByText('Password is required.')).toBeVisible();
  await expect(page.getByText('Enter the 6-digit code from your authenticator app, or a recovery code.')).toBeVisible();
  expect(asked).toBe(false);
});

test('an invitation page without its token says where to get one', async ({ page }) => {
  await page.goto('/admin/invite');
  await waitForIslands(page);
  await expect(page.getByText(/This page opens from the link in your invitation e-mail/)).toBeVisible();
  // A link passed on by hand may carry the token in the query.
  await page.goto('/admin/invite?token=not-an-invitation');
  await waitForIslands(page);
  await expect(page).toHaveURL(/\/admin\/invite$/);
  await page.getByLabel('Your name').fill('Nobody');
  await page.getByLabel('Password', { exact: true }).fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'This invitation cannot be used' })).toBeVisible();
});

test('the /admin pages are never indexed, never in the sitemap, and carry none of the shop', async ({ page }) => {
  for (const path of ADMIN_PAGES) {
    const res = await page.request.get(path);
    expect(res.status(), path).toBe(200);
    expect(res.headers()['x-robots-tag'], path).toBe('noindex, nofollow');
    expect(res.headers()['cache-control'], path).toBe('no-store');
    const html = await res.text();
    expect(html, path).toContain('<meta name="robots" content="noindex, nofollow">');
    // No shop header, footer or their islands.
    expect(html, path).not.toMatch(/HeaderActions|PageNotices|Download Our App/);
  }
  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  expect(sitemap).toContain('<loc>');
  expect(sitemap).not.toContain('/admin');

  // A shop page loads nothing of the back office.
  const scripts: string[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/aboutus');
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((url) => /admin|staff|Dashboard|AuditPage|InviteAccept|browser\./i.test(url))).toEqual([]);
});
