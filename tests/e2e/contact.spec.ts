import { expect, test } from '@playwright/test';
import { DESKTOP, newestMail, waitForIslands } from './fixtures';

test.use({ viewport: DESKTOP });

/** The newest e-mail to customer care that contains `marker`. */
const careMail = (marker: string) =>
  newestMail((text) => text.includes('To: care@gharbazaar.in') && text.includes(marker));

const THANKS = 'Thanks! Your message was sent. We reply within 24 hours.';

test('the contact form checks each field, sends the message to customer care and says thank you', async ({ page }) => {
  // Many steps; on the shared 2-core machine under load each can take seconds.
  test.setTimeout(90_000);
  await page.goto('/contactus');
  await waitForIslands(page);
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByRole('button', { name: 'Save' }).click();
  for (const text of ['Name is required.', 'Email is required.', 'Message is required.']) {
    await expect(form.getByText(text, { exact: true })).toBeVisible();
  }
  await form.getByLabel('Name').fill('Asha Verma');
  await expect(form.getByText('Name is required.', { exact: true })).toBeHidden();
  await form.getByLabel('Email').fill('asha@example.in');
  await form.getByLabel('Phone (optional)').fill('98765');
  await form.getByLabel('Message').fill('Too short');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Phone number must be exactly 10 digits.')).toBeVisible();
  await expect(form.getByText('Message must be at least 10 characters.')).toBeVisible();

  const marker = `Nashik-${Date.now()}`;
  await form.getByLabel('Phone (optional)').fill('9876543210');
  await form.getByLabel('Message').fill(`Do you deliver to ${marker}?\nThank you.`);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('status')).toHaveText(THANKS);
  // The form is empty again, ready for another message.
  await expect(form.getByLabel('Message')).toHaveValue('');
  const mail = await careMail(marker);
  expect(mail).toContain('Name: Asha Verma');
  expect(mail).toContain('E-mail: asha@example.in');
  expect(mail).toContain('Phone: 9876543210');
});

test.describe('before its script has run', () => {
  test.use({ javaScriptEnabled: false });

  test('the contact form works as a plain HTML form', async ({ page }) => {
    await page.goto('/contactus');
    const form = page.getByRole('form', { name: 'Contact form' });
    const marker = `Pune-${Date.now()}`;
    await form.getByLabel('Name').fill('Ravi Kumar');
    await form.getByLabel('Email').fill('ravi@example.in');
    await form.getByLabel('Message').fill(`Is the ${marker} store open on Sundays?`);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/contactus\/\?contact=sent#contact-form$/);
    expect(await careMail(marker)).toContain('Name: Ravi Kumar');
  });
});
