import { expect as baseExpect, test, type Page } from '@playwright/test';
import { SYNONYM_EXISTS } from '../../server/services/catalogue/synonyms';
import { signedInStaff, slowCpu } from './admin-fixtures';
import { DESKTOP, waitForIslands } from './fixtures';
import { ownProduct } from './own-products';

/**
 * The search synonyms desk: a manager adds a pair on /admin/synonyms (on a 390 px phone with its CPU
 * slowed 4×, and on a desktop), a pair already there is refused beside its field, and the shop's
 * search at once finds a product of the test's own by the new word, which it did not before.
 */

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const PHONE_390 = { width: 390, height: 844 };
let serial = 0;
/** A word of letters only that no product has: 'zqvx' and letters from the time and a counter. */
function newWord(): string {
  serial += 1;
  const digits = `${Date.now()}${process.pid}${serial}`;
  return `zqvx${digits.replace(/\d/g, (d) => 'abcdefghij'[Number(d)] ?? '')}`.slice(0, 30);
}

async function searchFinds(page: Page, word: string, name: string, found: boolean) {
  await page.goto(`/searchproductlist?search=${encodeURIComponent(word)}`);
  const product = page.getByText(name, { exact: false }).first();
  if (found) await expect(product).toBeVisible();
  else await expect(page.getByText(name, { exact: false })).toHaveCount(0);
}

for (const [device, viewport] of [
  ['a 390 px phone', PHONE_390],
  ['a desktop', DESKTOP],
] as const) {
  test(`a manager adds a synonym on ${device} and search finds the product by it`, async ({ browser, request }) => {
    const product = await ownProduct(request, { name: 'Brass Lota' });
    const tag = product.name.split(' ').at(-1)?.toLowerCase() ?? '';
    const word = newWord();
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    if (viewport === PHONE_390) await slowCpu(page);
    await signedInStaff(page, 'manager', `Synonym Manager ${serial}`);

    await searchFinds(page, word, product.name, false);

    await page.goto('/admin/synonyms');
    await waitForIslands(page);
    const form = page.getByRole('form', { name: 'Add a synonym' });
    await form.getByLabel('Word shoppers type').fill(`  ${word.toUpperCase()} `);
    await form.getByLabel('Also finds').fill(tag);
    await form.getByRole('button', { name: 'Add pair' }).click();
    await expect(form.getByLabel('Word shoppers type')).toHaveValue('');

    const filter = page.getByRole('form', { name: 'Filter synonyms' });
    await filter.getByLabel('Word').fill(word);
    await filter.getByRole('button', { name: 'Apply filters' }).click();
    // Two single words find each other: the desk writes such a pair once, its words in alphabetical order.
    const pair = [word, tag].sort().join(' ↔ ');
    await expect(page.getByRole('list', { name: 'Synonyms' }).getByText(pair, { exact: true })).toBeVisible();

    // The same pair the other way round is refused beside its field.
    await form.getByLabel('Word shoppers type').fill(tag);
    await form.getByLabel('Also finds').fill(word);
    await form.getByRole('button', { name: 'Add pair' }).click();
    await expect(form.getByText(SYNONYM_EXISTS).first()).toBeVisible();

    // The search page may be kept by caches for a minute (its cache-control): the browser would show the
    // answer of the first search again, so the shopper here types the word in capitals, a new address.
    await searchFinds(page, word.toUpperCase(), product.name, true);
    await context.close();
  });
}
