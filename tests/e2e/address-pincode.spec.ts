import { expect, test, type Page } from '@playwright/test';
import { PLACE_FILLED_MESSAGE, UNKNOWN_PINCODE_MESSAGE } from '../../contract/api/delivery';
import { slowCpu } from './admin-fixtures';
import { dismissAppPrompt, loggedInShopper } from './fixtures';

/**
 * A pincode fills City and State from the shop's offline directory, on a 360 px phone four times slower and on a
 * desktop; an unknown pincode, or a city the shopper typed, is left to the shopper.
 */

const SCREENS = [
  { name: 'a 360 px phone, CPU 4× slower', viewport: { width: 360, height: 740 }, slow: true },
  { name: 'a desktop', viewport: { width: 1280, height: 900 }, slow: false },
];

async function addressForm(page: Page, slow: boolean) {
  await loggedInShopper(page);
  if (slow) await slowCpu(page);
  await page.goto('/profile#addresses');
  // Phones are offered the app on the first scroll, which focusing a field lower down is.
  if (slow) await dismissAppPrompt(page);
  return page.getByRole('form', { name: 'New address' });
}

for (const screen of SCREENS) {
  test.describe(screen.name, () => {
    test.use({ viewport: screen.viewport });

    test('a pincode fills the city and state, and the address is saved with them', async ({ page }) => {
      const form = await addressForm(page, screen.slow);
      await form.getByLabel('Name').fill('Kavya Rao');
      await form.getByLabel('Phone Number').fill('9876543210');
      await form.getByLabel('Pincode').pressSequentially('560029');
      await expect(form.getByLabel('City')).toHaveValue('Bengaluru');
      await expect(form.getByLabel('State')).toHaveValue('Karnataka');
      await expect(form.getByText(PLACE_FILLED_MESSAGE).first()).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: PLACE_FILLED_MESSAGE })).toHaveCount(1);

      // Another pincode moves what the directory filled in along with it.
      await form.getByLabel('Pincode').fill('400001');
      await expect(form.getByLabel('City')).toHaveValue('Mumbai');
      await expect(form.getByLabel('State')).toHaveValue('Maharashtra');

      await form.getByLabel('Locality').fill('Fort');
      await form.getByLabel('Address', { exact: true }).fill('12 Hornby Road');
      await form.getByRole('button', { name: 'Save Address' }).click();
      await expect(form.getByText('Address saved successfully!')).toBeVisible();
      await expect(page.getByRole('list', { name: 'Saved addresses' }).getByRole('listitem').first()).toContainText(
        'Mumbai, Maharashtra – 400001',
      );
    });

    test('a city the shopper typed stays, and an unknown pincode leaves the fields to be typed by hand', async ({
      page,
    }) => {
      const form = await addressForm(page, screen.slow);
      await form.getByLabel('City').fill('Whitefield');
      const lookup = page.waitForResponse((res) => res.url().includes('/api/common/pincodes/560066'));
      await form.getByLabel('Pincode').fill('560066');
      await lookup;
      await expect(form.getByLabel('State')).toHaveValue('Karnataka');
      await expect(form.getByLabel('City')).toHaveValue('Whitefield');

      await form.getByLabel('City').fill('');
      await form.getByLabel('State').fill('');
      const unknown = page.waitForResponse((res) => res.url().includes('/api/common/pincodes/999999'));
      await form.getByLabel('Pincode').fill('999999');
      const answer = await unknown;
      expect(answer.status()).toBe(404);
      expect(((await answer.json()) as { message: string }).message).toBe(UNKNOWN_PINCODE_MESSAGE);
      await form.getByLabel('City').fill('New Town');
      await form.getByLabel('State').fill('West Bengal');
      await expect(form.getByLabel('City')).toHaveValue('New Town');
      await expect(form.getByLabel('State')).toHaveValue('West Bengal');
      await expect(form.getByText(PLACE_FILLED_MESSAGE)).toHaveCount(0);
    });
  });
}
