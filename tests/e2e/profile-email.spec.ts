import { expect, test } from '@playwright/test';
import { DESKTOP, loggedInShopper, newestMail, waitForIslands } from './fixtures';

test.use({ viewport: DESKTOP });

test('changing the e-mail asks for the current password, refuses a wrong one, and tells the old address', async ({
  page,
}) => {
  const shopper = await loggedInShopper(page);
  await page.goto('/updateprofile');
  await waitForIslands(page);
  await expect(page.getByLabel('Email')).toHaveValue(shopper.email);
  // Other changes need no password.
  await expect(page.getByLabel('Current password')).toBeHidden();

  const newEmail = `moved-${Date.now()}@example.in`;
  await page.getByLabel('Email').fill(newEmail);
  await expect(page.getByLabel('Current password')).toBeVisible();
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Enter your current password to change your email.')).toBeVisible();

  await page.getByLabel('Current password').fill('not-my-password');
  await page.getByRole('button', { name: 'Update' }).click();
  const error = page.getByRole('dialog', { name: 'Error' });
  await expect(error).toContainText('The current password is not correct.');
  await error.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('The current password is not correct.')).toBeVisible();

  await page.getByLabel('Current password').fill(shopper.password);
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByRole('dialog', { name: 'Profile Updated' })).toBeVisible();

  const notice = await newestMail(
    (text) =>
      text.includes(`To: ${shopper.email}`) &&
      text.includes('Subject: The e-mail address of your GharBazaar account was changed'),
  );
  expect(notice).toContain(`New address: ${newEmail}`);
  expect(notice).toContain('care@gharbazaar.in');
  const login = await page.request.post('/api/common/userlogin', {
    data: { email: newEmail, password: shopper.password },
  });
  expect(login.status()).toBe(200);
});
