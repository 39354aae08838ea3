import { expect, test, type Page } from '@playwright/test';
import { loggedInShopper, pinFromOutbox, tokenOf } from './fixtures';

/**
 * A session the server has ended (here: logged out from elsewhere; a password reset revokes it the
 * same way) is noticed on the next call that carries its token: 'Session Expired' once, token and
 * user removed, the header back to 'Login', and /login shows its form instead of bouncing home.
 */

/** Records every modal the page opens, by its title, in `window.shownDialogs`. */
async function recordDialogs(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shown: string[] = [];
    (window as unknown as { shownDialogs: string[] }).shownDialogs = shown;
    const showModal = HTMLDialogElement.prototype.showModal;
    HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
      shown.push(this.querySelector('h2')?.textContent ?? '');
      showModal.call(this);
    };
  });
}

const shownDialogs = (page: Page) =>
  page.evaluate(() => (window as unknown as { shownDialogs: string[] }).shownDialogs);

/**
 * Puts the stored session back, from a document without scripts: a page whose islands were still
 * starting when the session was ended elsewhere would itself be told, and clear the storage again
 * after it was put back.
 */
async function holdSession(page: Page, stored: Record<string, string>): Promise<void> {
  await page.goto('/robots.txt');
  await page.evaluate((s) => {
    for (const [key, value] of Object.entries(s)) localStorage.setItem(key, value);
  }, stored);
}

test('a token the server refused ends the session once, on every page', async ({ page }) => {
  await loggedInShopper(page);
  const token = await tokenOf(page);
  const stored = await page.evaluate(() => ({ ...localStorage }));
  // Ended from elsewhere: the same token, logged out through the API.
  const logout = await page.request.post('/api/common/logout/', {
    headers: { authorization: `Bearer ${token}` },
    data: {},
  });
  expect(logout.ok()).toBe(true);
  await recordDialogs(page);

  for (const path of ['/', '/cart', '/wishlist']) {
    // The browser still holds the (unexpired) token, as it would after a reset elsewhere.
    await holdSession(page, stored);
    await page.goto(path);
    const dialog = page.getByRole('dialog', { name: 'Session Expired' });
    await expect(dialog, path).toBeVisible();
    await expect(dialog).toContainText('Your session has expired. Please log in again.');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Login' })).toBeVisible();
    expect(await page.evaluate(() => [localStorage.getItem('authToken'), localStorage.getItem('user')])).toEqual([
      null,
      null,
    ]);
    // The page's calls (cart, wishlist, …) all failed: one dialog, whatever came after.
    await page.waitForLoadState('networkidle');
    expect(
      (await shownDialogs(page)).filter((t) => t === 'Session Expired'),
      path,
    ).toHaveLength(1);
    expect(await shownDialogs(page), path).toHaveLength(1);
  }

  // The login page asks the server before sending a held token home: it stays, with its form.
  await holdSession(page, stored);
  await page.goto('/login');
  await expect(page.getByLabel('User Name')).toBeVisible();
  // The server's answer has been read once the token is gone; a page sent home would leave after
  // that answer, which networkidle (no request for 500 ms) waits past.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  await page.waitForLoadState('networkidle');
  expect(new URL(page.url()).pathname).toBe('/login');
  expect(await shownDialogs(page)).toEqual([]);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Login' })).toBeVisible();
});

test('a password reset from another browser ends the session here; Login comes back here', async ({
  page,
  request,
}) => {
  const shopper = await loggedInShopper(page);
  await page.goto('/aboutus');
  await expect(page.getByRole('banner').getByRole('button', { name: shopper.firstName })).toBeVisible();
  // This page's own calls (cart, wishlist) are answered before the session ends elsewhere.
  await page.waitForLoadState('networkidle');
  // The other browser: PIN by e-mail, verified, new password.
  expect((await request.post('/api/common/request_reset_otp', { data: { email: shopper.email } })).ok()).toBe(true);
  const pin = await pinFromOutbox(shopper.email);
  const verified = await request.post('/api/common/verify_reset_otp', { data: { email: shopper.email, otp: pin } });
  const { reset_token } = (await verified.json()) as { reset_token: string };
  const reset = await request.post('/api/common/reset_password', {
    data: { email: shopper.email, new_password: 'masala-dosa-42', confirm_password: 'masala-dosa-42', reset_token },
  });
  expect(reset.ok()).toBe(true);
  // Back in this browser, still holding the old token: the wishlist reads the server.
  await page.goto('/wishlist');
  const dialog = page.getByRole('dialog', { name: 'Session Expired' });
  await expect(dialog).toBeVisible();
  await expect(page.getByText('Your wishlist is empty.')).toBeHidden();
  await dialog.getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fwishlist$/);
});
