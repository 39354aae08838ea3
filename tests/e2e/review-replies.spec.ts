import { expect, test, type Browser, type Page } from '@playwright/test';
import { formatDate } from '../../contract/format';
import { REPLY_REQUIRED } from '../../contract/schemas/admin-reviews';
import { itemAt } from '../lists';
import { PHONE_360, recordProblems, seriousViolations, signedInStaff, slowCpu } from './admin-fixtures';
import { DESKTOP, dismissAppPrompt, waitForIslands } from './fixtures';
import { ownProduct, waitForBuiltPage, type OwnProduct } from './own-products';
import { reviewedBy } from './reviews';

/**
 * Staff reply to a review from the back office's reviews desk; the product page's Review tab
 * shows the reply under the review as 'Reply from GharBazaar' with its date, as text, on a slow
 * 360 px phone and on a desktop; an edit replaces it and removing it takes it away.
 */

/** The product page's Review tab, opened, on a new browser of `viewport` (the phone's CPU 4× slower). */
async function reviewTab(browser: Browser, item: OwnProduct, phone: boolean): Promise<Page> {
  const context = await browser.newContext({ viewport: phone ? PHONE_360 : DESKTOP });
  const page = await context.newPage();
  if (phone) await slowCpu(page);
  await page.goto(`/product-details/${item.id}`);
  if (phone) await dismissAppPrompt(page);
  await waitForIslands(page);
  const tab = page.getByRole('tab', { name: /Review/ });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  return page;
}

/** The review of `author` in the open Review tab. */
function reviewOf(page: Page, author: string) {
  return page.getByRole('tabpanel').getByRole('listitem').filter({ hasText: author });
}

test('a manager replies to a review; shoppers read the reply under it on a slow phone and a desktop', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const item = await ownProduct(request, { name: 'Copper Water Bottle' });
  await waitForBuiltPage(request, item);
  const { id } = await reviewedBy(
    request,
    'Nandini',
    itemAt(item.variants, 0, 'its variants').id,
    3,
    'Keeps water cool, but the cap is stiff.',
  );
  const problems: string[] = [];
  recordProblems(page, problems);

  // The reviews desk: Reply opens the form; an empty reply is refused with the shared rule's message.
  await signedInStaff(page, 'manager', 'Ravi Manager');
  await page.goto(`/admin/reviews?product=${item.id}`);
  await waitForIslands(page);
  const card = page.getByRole('listitem', { name: `Review ${id}` });
  await card.getByRole('button', { name: /^Reply to review/ }).click();
  const form = card.getByRole('form', { name: /^Reply to review/ });
  const field = form.getByLabel('Reply');
  await expect(field).toBeFocused();
  await form.getByRole('button', { name: 'Save reply' }).click();
  await expect(form.getByText(REPLY_REQUIRED)).toBeVisible();
  expect(await seriousViolations(page), 'the reviews desk with a refused reply').toEqual([]);

  const reply = 'Thank you, Nandini! A softer <b>cap</b> is on its way.\nWrite to us any time.';
  await field.fill(reply);
  await form.getByRole('button', { name: 'Save reply' }).click();
  await expect(form).toBeHidden();
  await expect(card.getByTestId('reply-text')).toHaveText(reply);
  await expect(card).toContainText('by Ravi Manager');
  await expect(card.getByRole('button', { name: /^Edit reply to review/ })).toBeVisible();
  expect(await seriousViolations(page), 'the reviews desk with a reply').toEqual([]);

  // On the product page, under the review: 'Reply from GharBazaar', today's date, the text as text.
  const today = formatDate(new Date());
  for (const phone of [true, false]) {
    const shopperPage = await reviewTab(browser, item, phone);
    recordProblems(shopperPage, problems);
    const review = reviewOf(shopperPage, 'Nandini');
    await expect(review).toContainText('Keeps water cool, but the cap is stiff.');
    const shown = review.getByText('Reply from GharBazaar');
    await expect(shown).toBeVisible();
    await expect(review.locator('time').last()).toHaveText(today);
    await expect(review.getByText('A softer <b>cap</b> is on its way.', { exact: false })).toBeVisible();
    await expect(review.locator('b')).toHaveCount(0);
    if (!phone) expect(await seriousViolations(shopperPage), 'the Review tab with a reply').toEqual([]);
    await shopperPage.context().close();
  }

  // An edit replaces the reply; removing it (after saying yes) takes it off the product page.
  await card.getByRole('button', { name: /^Edit reply to review/ }).click();
  await expect(field).toHaveValue(reply);
  await field.fill('We have sent a softer cap. Thank you for telling us.');
  await form.getByRole('button', { name: 'Save reply' }).click();
  await expect(card.getByTestId('reply-text')).toHaveText('We have sent a softer cap. Thank you for telling us.');
  const desktop = await reviewTab(browser, item, false);
  await expect(reviewOf(desktop, 'Nandini')).toContainText('We have sent a softer cap.');
  await expect(reviewOf(desktop, 'Nandini')).not.toContainText('A softer');

  await card.getByRole('button', { name: /^Remove reply to review/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove the reply?' });
  await confirm.getByRole('button', { name: 'Remove reply' }).click();
  await expect(card.getByTestId('reply-text')).toHaveCount(0);
  await expect(card.getByRole('button', { name: /^Reply to review/ })).toBeVisible();
  await desktop.reload();
  await waitForIslands(desktop);
  await desktop.getByRole('tab', { name: /Review/ }).click();
  await expect(reviewOf(desktop, 'Nandini')).toContainText('Keeps water cool');
  await expect(reviewOf(desktop, 'Nandini')).not.toContainText('Reply from GharBazaar');
  await desktop.context().close();
  expect(problems).toEqual([]);
});
