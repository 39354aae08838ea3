import { expect, test } from '@playwright/test';
import { DESKTOP, waitForIslands } from './fixtures';

test.use({ viewport: DESKTOP });

test('logging in from the login page leaves an HttpOnly device cookie for the account API, sent with the next login', async ({
  page,
  context,
}) => {
  const id = `${Date.now().toString(36)}${process.pid}`;
  const shopper = { email: `device-${id}@example.in`, password: 'sabudana-vada-3' };
  const created = await page.request.post('/api/common/signup', {
    data: {
      first_name: 'Devi',
      last_name: 'Rao',
      phone_number: `8${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
      ...shopper,
    },
  });
  expect(created.status()).toBe(201);
  const { data } = (await created.json()) as { data: { user_id: number } };

  await page.goto('/login');
  await waitForIslands(page);
  await page.getByLabel('User Name').fill(shopper.email);
  await page.getByLabel('Password', { exact: true }).fill(shopper.password);
  await page.getByRole('main').getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);

  const cookie = (await context.cookies()).find((c) => c.name === `gb_device_${data.user_id}`);
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/common/' });
  // Scripts cannot read it.
  expect(await page.evaluate(() => document.cookie)).not.toContain('gb_device_');

  // The login form's request carries it (the throttles then count this browser apart).
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await waitForIslands(page);
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/common/userlogin') && r.method() === 'POST');
  await page.getByLabel('User Name').fill(shopper.email);
  await page.getByLabel('Password', { exact: true }).fill(shopper.password);
  await page.getByRole('main').getByRole('button', { name: 'Login' }).click();
  expect(await (await sent).headerValue('cookie')).toContain(`gb_device_${data.user_id}=${cookie?.value}`);
});
