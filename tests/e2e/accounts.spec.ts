import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { DESKTOP, pinFromOutbox, waitForIslands } from './fixtures';

test.use({ viewport: DESKTOP });

let counter = 0;
/** A shopper nobody has registered yet. */
function newShopper() {
  counter += 1;
  const id = `${Date.now().toString(36)}${process.pid}${counter}`;
  return {
    first: 'Zoë',
    last: 'Sharma',
    email: `shopper-${id}@example.in`,
    phone: `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
    password: 'chai-and-biscuits',
  };
}
type Shopper = ReturnType<typeof newShopper>;

async function register(page: Page, s: Shopper): Promise<void> {
  await page.goto('/register');
  await waitForIslands(page);
  await page.getByLabel('First Name').fill(s.first);
  await page.getByLabel('Last Name').fill(s.last);
  await page.getByLabel('Phone Number').fill(s.phone);
  await page.getByLabel('Email Address').fill(s.email);
  await page.getByLabel('Password', { exact: true }).fill(s.password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  const done = page.getByRole('dialog', { name: 'Registration Successful' });
  await expect(done).toBeVisible();
  await done.getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

async function logIn(page: Page, s: Shopper, password = s.password): Promise<void> {
  if (!page.url().endsWith('/login')) await page.goto('/login');
  await waitForIslands(page);
  await page.getByLabel('User Name').fill(s.email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('main').getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);
}

test('register, log in, update the profile with a picture, manage addresses, log out', async ({ page }) => {
  // A whole account's journey through five pages and an upload: about 25 s on a busy machine.
  test.setTimeout(60_000);
  const s = newShopper();
  await register(page, s);
  await logIn(page, s);
  await waitForIslands(page);
  const menu = page.getByRole('button', { name: s.first });
  await expect(menu).toBeVisible();

  // A logged-in shopper who opens /login goes home.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);

  await menu.click();
  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('tab', { name: 'Profile Information' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(s.email)).toBeVisible();
  await expect(page.getByText('Prime')).toBeVisible();

  await page.getByRole('link', { name: 'Update Profile' }).click();
  await expect(page.getByLabel('First Name')).toHaveValue(s.first);
  await page.getByLabel('First Name').fill('Priyá');
  const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#2a9d8f' } })
    .png()
    .toBuffer();
  await page.getByLabel('Profile Picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByRole('dialog', { name: 'Profile Updated' })).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/, { timeout: 5000 });
  await expect(page.getByText('Priyá Sharma')).toBeVisible();
  const picture = page.getByRole('img', { name: "Priyá's profile picture" });
  // A stored picture is the image pipeline's: its widths (the 300 × 200 upload is not enlarged) and its own size.
  await expect(picture).toHaveAttribute('src', /^\/media\/images\/[0-9a-f]{16}-300w\.webp$/);
  await expect(picture).toHaveAttribute('srcset', /-160w\.webp 160w, .*-300w\.webp 300w$/);
  await expect(picture).toHaveAttribute('width', '300');
  await expect(picture).toHaveAttribute('height', '200');
  const stored = /[0-9a-f]{16}/.exec((await picture.getAttribute('src')) ?? '')?.[0] ?? '';
  await waitForIslands(page);
  await expect(page.getByRole('button', { name: 'Priyá' })).toBeVisible();
  // The header shows the same picture; a new one has a new address, so it needs no cache-busting stamp.
  await expect(page.locator('header picture img')).toHaveAttribute(
    'src',
    new RegExp(`/media/images/${stored}-\\d+w\\.webp$`),
  );

  await page.getByRole('tab', { name: 'Manage Addresses' }).click();
  await expect(page.getByText('No address found.')).toBeVisible();
  const form = page.getByRole('form', { name: 'New address' });
  await form.getByLabel('Name').fill('Priya Sharma');
  await form.getByLabel('Phone Number').fill('9876543210');
  await form.getByLabel('Pincode').fill('411045');
  await form.getByLabel('Locality').fill('Baner');
  await form.getByLabel('Address', { exact: true }).fill('Flat 12, Sai Residency, Baner Road');
  await form.getByLabel('City').fill('Pune');
  await form.getByLabel('State').fill('Maharashtra');
  await form.getByLabel('work').check();
  await form.getByRole('button', { name: 'Save Address' }).click();
  await expect(form.getByText('Address saved successfully!')).toBeVisible();
  const saved = page.getByRole('list', { name: 'Saved addresses' }).getByRole('listitem');
  await expect(saved).toHaveCount(1);
  await expect(saved.first()).toContainText('Pune, Maharashtra – 411045');
  await expect(form.getByLabel('Name')).toHaveValue('');

  await saved
    .first()
    .getByRole('button', { name: /Delete/ })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Delete address?' });
  await expect(confirm).toContainText('Are you sure you want to delete this address?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog', { name: 'Deleted' })).toContainText('Address deleted successfully.');
  await page.getByRole('dialog', { name: 'Deleted' }).getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('No address found.')).toBeVisible();

  await page.getByRole('button', { name: 'Priyá' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => [localStorage.getItem('authToken'), localStorage.getItem('user')])).toEqual([
    null,
    null,
  ]);
  await waitForIslands(page);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Login' })).toBeVisible();
});

test('forgot password with the PIN from the e-mail, then log in with the new password', async ({ page, request }) => {
  const s = newShopper();
  const created = await request.post('/api/common/signup', {
    data: { first_name: s.first, last_name: s.last, phone_number: s.phone, email: s.email, password: s.password },
  });
  expect(created.status()).toBe(201);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await waitForIslands(page);
  await page.getByLabel('Email').fill(s.email.toUpperCase());
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('OTP sent to your email.')).toBeVisible();

  const pin = await pinFromOutbox(s.email);
  await page.getByLabel('PIN digit 1').click();
  await page.keyboard.type(pin.slice(0, 2));
  await expect(page.getByLabel('PIN digit 3')).toBeFocused();
  await page.keyboard.press('Backspace');
  await expect(page.getByLabel('PIN digit 2')).toBeFocused();
  await page.keyboard.type(pin.slice(1));
  await expect(page.getByLabel('PIN digit 4')).toHaveValue(pin.charAt(3));
  await page.getByRole('button', { name: 'Verify PIN' }).click();
  await expect(page.getByText('OTP verified! Redirecting...')).toBeVisible();
  await expect(page).toHaveURL(/\/resetpassword$/);
  await expect(page.getByRole('heading', { name: 'Reset New Password' })).toBeVisible();
  await waitForIslands(page);
  await page.getByLabel('New Password').fill('masala-dosa-42');
  await page.getByLabel('Confirm Password').fill('masala-dosa-42');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password reset successful! Redirecting to login...')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, s, 'masala-dosa-42');
});

test('the PIN boxes take a pasted PIN and ask for all four digits', async ({ page }) => {
  await page.goto('/forgotpassword');
  await waitForIslands(page);
  await page.getByLabel('Email').fill('nobody-here@example.in');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  // The same answer whether or not the account exists.
  await expect(page.getByText('OTP sent to your email.')).toBeVisible();
  await page.getByLabel('PIN digit 1').fill('12');
  await page.getByRole('button', { name: 'Verify PIN' }).click();
  await expect(page.getByText('Please enter the complete 4-digit PIN.')).toBeVisible();
  await page.getByLabel('PIN digit 1').focus();
  await page.evaluate(() => {
    const data = new DataTransfer();
    data.setData('text', '9876');
    document.activeElement?.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  });
  for (const [i, d] of ['9', '8', '7', '6'].entries())
    await expect(page.getByLabel(`PIN digit ${i + 1}`)).toHaveValue(d);
  await page.getByRole('button', { name: 'Verify PIN' }).click();
  await expect(page.getByText('Invalid OTP. Please try again.')).toBeVisible();
  await page.getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('the reset page without an e-mail sends the shopper back', async ({ page }) => {
  await page.goto('/resetpassword');
  await expect(page.getByText('No email found. Please go back to Forgot Password.')).toBeVisible();
  await expect(page).toHaveURL(/\/forgotpassword$/, { timeout: 6000 });
});

test('an expired session is cleared with a Session Expired dialog and a way to log in', async ({ page }) => {
  await page.goto('/aboutus');
  // Let this page's own session start first, so only /profile meets the expired token.
  await waitForIslands(page);
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const expired = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: '1', exp: Math.floor(Date.now() / 1000) - 60 })}.c2ln`;
  await page.evaluate((token) => {
    localStorage.setItem('authToken', token);
    localStorage.setItem('user', JSON.stringify({ first_name: 'Old' }));
  }, expired);
  await page.goto('/profile');
  const dialog = page.getByRole('dialog', { name: 'Session Expired' });
  await expect(dialog).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  await dialog.getByRole('link', { name: 'Login' }).click();
  // Back to the page afterwards.
  await expect(page).toHaveURL(/\/login\?next=%2Fprofile$/);
  // On the login page itself nothing more is said.
  await expect(page.getByRole('dialog', { name: 'Session Expired' })).toBeHidden();
});

test('account pages send a visitor to login', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?next=%2Fprofile$/);
  await page.goto('/updateprofile');
  await expect(page).toHaveURL(/\/login\?next=%2Fupdateprofile$/);
});

test('every validation message of the account forms', async ({ page }) => {
  await page.goto('/login');
  await waitForIslands(page);
  await page.getByRole('main').getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Username is required.')).toBeVisible();
  await expect(page.getByText('Password is required.')).toBeVisible();
  await page.getByLabel('User Name').fill('a');
  await expect(page.getByText('Username is required.')).toBeHidden();
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByLabel('User Name').fill('nobody-at-all@example.in');
  await page.getByRole('main').getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Login failed. Please check your credentials.')).toBeVisible();

  await page.goto('/register');
  await waitForIslands(page);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  for (const text of [
    'First name is required.',
    'Last name is required.',
    'Phone number is required.',
    'Email is required.',
    'Password is required.',
  ]) {
    await expect(page.getByText(text)).toBeVisible();
  }
  await page.getByLabel('Phone Number').fill('98765');
  await page.getByLabel('Email Address').fill('not-an-email');
  await page.getByLabel('Password', { exact: true }).fill('abc');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Phone number must be exactly 10 digits.')).toBeVisible();
  await expect(page.getByText('Email is invalid.')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters.')).toBeVisible();
  await expect(page.getByLabel('Phone Number')).toHaveAttribute('maxlength', '10');

  await page.goto('/forgotpassword');
  await waitForIslands(page);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Email is required.')).toBeVisible();
  await page.getByLabel('Email').fill('nope');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Enter a valid email address.')).toBeVisible();

  await page.evaluate(() => sessionStorage.setItem('resetEmail', 'someone@example.in'));
  await page.goto('/resetpassword');
  await waitForIslands(page);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('New password is required.')).toBeVisible();
  await expect(page.getByText('Confirm password is required.')).toBeVisible();
  await page.getByLabel('New Password').fill('secret-one');
  await page.getByLabel('Confirm Password').fill('secret-two');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Passwords do not match.')).toBeVisible();
});

test('profile and address forms show every rule', async ({ page }) => {
  const s = newShopper();
  await register(page, s);
  await logIn(page, s);
  await page.goto('/updateprofile');
  await expect(page.getByLabel('First Name')).toHaveValue(s.first);
  for (const label of ['First Name', 'Last Name', 'Email', 'Phone Number']) await page.getByLabel(label).fill('');
  await page.getByRole('button', { name: 'Update' }).click();
  for (const text of [
    'First name is required.',
    'Last name is required.',
    'Email is required.',
    'Phone number is required.',
  ]) {
    await expect(page.getByText(text)).toBeVisible();
  }
  await page.getByLabel('Email').fill('bad');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Email is invalid.')).toBeVisible();
  await page
    .getByLabel('Profile Picture')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('Please choose a JPEG, PNG or WebP image.')).toBeVisible();

  await page.goto('/profile#addresses');
  const form = page.getByRole('form', { name: 'New address' });
  await form.getByRole('button', { name: 'Save Address' }).click();
  for (const text of [
    'Name is required',
    'Valid 10-digit phone number is required',
    'Valid 6-digit pincode is required',
    'Locality is required',
    'Address is required',
    'City is required',
    'State is required',
  ]) {
    await expect(form.getByText(text, { exact: true })).toBeVisible();
  }
  await form.getByLabel('Phone Number').fill('5123456789');
  await form.getByLabel('Pincode').fill('4110');
  await form.getByRole('button', { name: 'Save Address' }).click();
  await expect(form.getByText('Valid 10-digit phone number is required', { exact: true })).toBeVisible();
  await form.getByLabel('Name').fill('R');
  await expect(form.getByText('Name is required', { exact: true })).toBeHidden();
});
