import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import {
  filesBelow,
  login,
  makeTestApp,
  newUser,
  outbox,
  userFields,
  signup,
  waitForMail,
  noisePng,
  appPerFile,
} from './helpers';
import type { ApiErrorBody as ErrorBody } from '../../contract/types';
import { backgroundSettled } from '../../server/services/background';

const t = appPerFile(() => makeTestApp(5));

type Profile = {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  profile_picture: string | null;
};

const getProfile = (token: string) => t.call('GET', '/api/common/profile/', { token });
const patchJson = (token: string, json: unknown) => t.call('PATCH', '/api/common/profile/', { token, json });
const patchForm = (token: string, form: FormData) => t.call('PATCH', '/api/common/profile/', { token, form });

/** The four profile fields of a user, as a form, plus an optional picture. */
function profileForm(
  fields: Record<string, string>,
  picture?: { bytes: Buffer | Uint8Array; name: string; type: string },
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (picture)
    form.append('profile_picture', new Blob([new Uint8Array(picture.bytes)], { type: picture.type }), picture.name);
  return form;
}

const fieldsOf = (u: { first_name: string; last_name: string; email: string; phone_number: string }) => ({
  first_name: u.first_name,
  last_name: u.last_name,
  email: u.email,
  phone_number: u.phone_number,
});

const png = (width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: '#2a7' } })
    .png()
    .toBuffer();

const uploads = () => filesBelow(path.join(t.mediaDir, 'images'));

describe('GET common/profile/', () => {
  test('answers the caller’s profile', async () => {
    const user = await newUser(t, { first_name: 'Meera', last_name: 'Nair' });
    const res = await getProfile(user.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: user.id,
      first_name: 'Meera',
      last_name: 'Nair',
      email: user.email,
      phone_number: user.phone_number,
      profile_picture: null,
    });
  });

  test('without the trailing slash too', async () => {
    const user = await newUser(t);
    expect((await t.call('GET', '/api/common/profile', { token: user.token })).status).toBe(200);
  });
});

describe('PATCH common/profile/ with JSON', () => {
  test('updates the fields and answers the new profile', async () => {
    const user = await newUser(t);
    const other = userFields();
    const res = await patchJson(user.token, {
      first_name: ' Kiran ',
      last_name: 'Rao',
      email: other.email.toUpperCase(),
      phone_number: other.phone_number,
      current_password: user.password,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: user.id,
      first_name: 'Kiran',
      last_name: 'Rao',
      email: other.email,
      phone_number: other.phone_number,
      profile_picture: null,
    });
    expect((await getProfile(user.token)).body).toEqual(res.body);
    // The new e-mail is the login now.
    expect((await login(t, other.email, user.password)).status).toBe(200);
  });

  test('keeping one’s own e-mail and phone is no conflict', async () => {
    const user = await newUser(t);
    expect((await patchJson(user.token, { ...fieldsOf(user), first_name: 'Same' })).status).toBe(200);
  });

  test('another user’s e-mail → 400 mentioning email; nothing changes', async () => {
    const user = await newUser(t);
    const other = await newUser(t);
    const res = await patchJson(user.token, {
      ...fieldsOf(user),
      first_name: 'Changed',
      email: other.email.toUpperCase(),
      current_password: user.password,
    });
    expect(res.status).toBe(400);
    expect((res.body as ErrorBody).message).toBe('A user with this email already exists.');
    expect((await getProfile(user.token)).body).toMatchObject({ first_name: user.first_name, email: user.email });
  });

  test('another user’s phone → 400 mentioning phone', async () => {
    const user = await newUser(t);
    const other = await newUser(t);
    const res = await patchJson(user.token, { ...fieldsOf(user), phone_number: other.phone_number });
    expect(res.status).toBe(400);
    expect((res.body as ErrorBody).message).toBe('A user with this phone number already exists.');
    expect((res.body as ErrorBody).errors?.phone_number).toBeDefined();
  });

  test.each<[Record<string, unknown>, string, string]>([
    [{ first_name: '' }, 'first_name', 'First name is required.'],
    [{ last_name: '  ' }, 'last_name', 'Last name is required.'],
    [{ email: '' }, 'email', 'Email is required.'],
    [{ email: 'not-valid' }, 'email', 'Email is invalid.'],
    [{ phone_number: '' }, 'phone_number', 'Phone number is required.'],
    [{ phone_number: '12345' }, 'phone_number', 'Phone number must be exactly 10 digits.'],
    [{ first_name: 123 }, 'first_name', 'First name is required.'],
    [{ first_name: null }, 'first_name', 'First name is required.'],
    [{ last_name: ['x'] }, 'last_name', 'Last name is required.'],
    [{ first_name: 'a'.repeat(1024 * 1024) }, 'first_name', 'At most 50 characters.'],
    [{ first_name: 'Line\u0000Break' }, 'first_name', 'Contains characters that are not allowed.'],
  ])('%j → 400 %s; nothing changes', async (change, field, message) => {
    const user = await newUser(t);
    const res = await patchJson(user.token, { ...fieldsOf(user), ...change });
    expect(res.status).toBe(400);
    expect((res.body as ErrorBody).errors?.[field]).toContain(message);
    expect((await getProfile(user.token)).body).toMatchObject(fieldsOf(user));
  });

  test('unknown fields (id, password_hash, profile_picture) are ignored', async () => {
    const user = await newUser(t);
    const res = await patchJson(user.token, {
      ...fieldsOf(user),
      id: 1,
      password_hash: 'x',
      profile_picture: '/media/uploads/someone-else.webp',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, profile_picture: null });
    expect((await login(t, user.email, user.password)).status).toBe(200);
  });

  test('malformed JSON → 400, a text body → 415', async () => {
    const user = await newUser(t);
    const bad = await t.get('/api/common/profile/', {
      method: 'PATCH',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      body: '{"first_name":',
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: 'The request body is not valid JSON.' });
    const text = await t.get('/api/common/profile/', {
      method: 'PATCH',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'text/plain' },
      body: 'first_name=x',
    });
    expect(text.status).toBe(415);
  });

  test('Unicode round-trips exactly', async () => {
    const user = await newUser(t);
    const res = await patchJson(user.token, { ...fieldsOf(user), first_name: 'Zoë', last_name: 'देवनागरी 😀' });
    expect(res.body).toMatchObject({ first_name: 'Zoë', last_name: 'देवनागरी 😀' });
    expect((await getProfile(user.token)).body).toMatchObject({ first_name: 'Zoë', last_name: 'देवनागरी 😀' });
  });
});

describe('changing the e-mail needs the current password, and the old address is told', () => {
  const mailsTo = (to: string) => outbox(t.outboxDir).filter((m) => m.headers.to === to);

  test.each<[string, Record<string, unknown>, number, string]>([
    ['no current password', {}, 400, 'Enter your current password to change your email.'],
    ['an empty one', { current_password: '' }, 400, 'Enter your current password to change your email.'],
    ['a wrong one', { current_password: 'not my password' }, 403, 'The current password is not correct.'],
  ])('a new e-mail with %s → %d; nothing changes and nobody is mailed', async (_, extra, status, message) => {
    const user = await newUser(t);
    const other = userFields();
    const res = await patchJson(user.token, { ...fieldsOf(user), email: other.email, first_name: 'Thief', ...extra });
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ message, errors: { current_password: [message] } });
    expect((await getProfile(user.token)).body).toMatchObject(fieldsOf(user));
    expect((await login(t, other.email, user.password)).status).toBe(401);
    // The notice would be sent in the background: wait until the background work is done.
    await backgroundSettled();
    expect(mailsTo(user.email)).toHaveLength(0);
  });

  test('the same through the profile form (multipart), as the browser sends it', async () => {
    const user = await newUser(t);
    const res = await patchForm(user.token, profileForm({ ...fieldsOf(user), email: userFields().email }));
    expect(res.status).toBe(400);
    expect((res.body as ErrorBody).errors?.current_password).toEqual([
      'Enter your current password to change your email.',
    ]);
  });

  test('with the right password the e-mail changes and the old address gets a notice naming the new one and support', async () => {
    const user = await newUser(t);
    const other = userFields();
    const form = profileForm({ ...fieldsOf(user), email: other.email, current_password: user.password });
    const res = await patchForm(user.token, form);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: other.email });
    const notice = await waitForMail(t.outboxDir, user.email);
    expect(notice.headers.subject).toBe('The e-mail address of your GharBazaar account was changed');
    expect(notice.body).toContain(`Old address: ${user.email}`);
    expect(notice.body).toContain(`New address: ${other.email}`);
    expect(notice.body).toContain('If you did not make this change, write to care@gharbazaar.in');
    expect(notice.body).toMatch(/was changed at \d{1,2}:\d\d [ap]m on \d{1,2} [A-Z][a-z]{2} \d{4} \(India time\)\./);
    expect(mailsTo(other.email)).toHaveLength(0);
    expect((await login(t, other.email, user.password)).status).toBe(200);
  });

  test('other changes, or the same e-mail in other letter case, need no password and send no mail', async () => {
    const user = await newUser(t);
    const res = await patchJson(user.token, { ...fieldsOf(user), email: user.email.toUpperCase(), last_name: 'New' });
    expect(res.status).toBe(200);
    await backgroundSettled();
    expect(mailsTo(user.email)).toHaveLength(0);
  });
});

describe('PATCH common/profile/ with multipart form data', () => {
  test('fields only (no file chosen, as a browser form sends it) update the profile', async () => {
    const user = await newUser(t);
    const form = profileForm({ ...fieldsOf(user), first_name: 'Form' });
    form.append('profile_picture', new Blob([], { type: 'application/octet-stream' }), '');
    const res = await patchForm(user.token, form);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ first_name: 'Form', profile_picture: null });
  });

  test('a PNG is kept as a PNG of at most 512 × 512 with its widths in AVIF and WebP, served from /media/images/', async () => {
    const user = await newUser(t);
    const res = await patchForm(
      user.token,
      profileForm(fieldsOf(user), { bytes: await png(1600, 1200), name: 'me.png', type: 'image/png' }),
    );
    expect(res.status).toBe(200);
    const picture = (res.body as Profile).profile_picture!;
    expect(picture).toMatch(/^\/media\/images\/[0-9a-f]{16}-512x384-[0-9a-f]{6}\.png$/);
    const file = path.join(t.mediaDir, 'images', path.basename(picture));
    const meta = await sharp(file).metadata();
    expect(meta.format).toBe('png');
    expect([meta.width, meta.height]).toEqual([512, 384]);

    const served = await t.app.request(picture);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(fs.readFileSync(file))).toBe(true);
    expect((await getProfile(user.token)).body).toMatchObject({ profile_picture: picture });
    // Every width the pages ask for is there, in both formats, and no larger than the original.
    const hash = path.basename(picture).slice(0, 16);
    for (const width of [160, 320, 480, 512]) {
      for (const format of ['avif', 'webp']) {
        const variant = await sharp(path.join(t.mediaDir, 'images', `${hash}-${width}w.${format}`)).metadata();
        expect([variant.format === 'heif' ? 'avif' : variant.format, variant.width]).toEqual([format, width]);
      }
    }
    expect(fs.existsSync(path.join(t.mediaDir, 'images', `${hash}-640w.webp`))).toBe(false);
  });

  test('a small JPEG is not enlarged; its declared type and name do not matter', async () => {
    const user = await newUser(t);
    const jpeg = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#fa0' } })
      .jpeg()
      .toBuffer();
    const res = await patchForm(
      user.token,
      profileForm(fieldsOf(user), { bytes: jpeg, name: 'notes.txt', type: 'text/plain' }),
    );
    expect(res.status).toBe(200);
    const file = path.join(t.mediaDir, 'images', path.basename((res.body as Profile).profile_picture!));
    const meta = await sharp(file).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 120, 90]);
  });

  test('EXIF (with GPS position) is stripped, and the picture is turned upright first', async () => {
    const user = await newUser(t);
    const jpeg = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#36c' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'TestCam', Model: 'Spy 1' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '12/1 58/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '77/1 35/1 0/1',
        },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const input = await sharp(jpeg).metadata();
    // The test picture really carries a GPS block (the GPS IFD pointer, tag 0x8825) and an orientation.
    expect(input.exif?.includes(Buffer.from([0x25, 0x88])) || input.exif?.includes(Buffer.from([0x88, 0x25]))).toBe(
      true,
    );
    expect(input.orientation).toBe(6);

    const res = await patchForm(
      user.token,
      profileForm(fieldsOf(user), { bytes: jpeg, name: 'trip.jpg', type: 'image/jpeg' }),
    );
    expect(res.status).toBe(200);
    const file = path.join(t.mediaDir, 'images', path.basename((res.body as Profile).profile_picture!));
    const meta = await sharp(file).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([100, 200]);
    expect(fs.readFileSync(file).includes(Buffer.from('TestCam'))).toBe(false);
  });

  test('a WebP is accepted', async () => {
    const user = await newUser(t);
    const webp = await sharp({ create: { width: 64, height: 64, channels: 4, background: '#0000' } })
      .webp()
      .toBuffer();
    const res = await patchForm(
      user.token,
      profileForm(fieldsOf(user), { bytes: webp, name: 'a.webp', type: 'image/webp' }),
    );
    expect(res.status).toBe(200);
  });

  test('a new picture replaces the old one, whose file is deleted', async () => {
    const user = await newUser(t);
    const first = await patchForm(
      user.token,
      profileForm(fieldsOf(user), { bytes: await png(), name: 'a.png', type: 'image/png' }),
    );
    const firstFile = path.join(t.mediaDir, 'images', path.basename((first.body as Profile).profile_picture!));
    expect(fs.existsSync(firstFile)).toBe(true);
    const second = await patchForm(
      user.token,
      profileForm(fieldsOf(user), { bytes: await png(300, 300), name: 'b.png', type: 'image/png' }),
    );
    expect(second.status).toBe(200);
    const secondPath = (second.body as Profile).profile_picture!;
    expect(secondPath).not.toBe((first.body as Profile).profile_picture);
    expect(fs.existsSync(firstFile)).toBe(false);
    expect(fs.existsSync(path.join(t.mediaDir, 'images', path.basename(secondPath)))).toBe(true);
    // Without a new file, the picture stays.
    const third = await patchForm(user.token, profileForm({ ...fieldsOf(user), first_name: 'Kept' }));
    expect((third.body as Profile).profile_picture).toBe(secondPath);
  });

  test.each<[string, () => Promise<Buffer> | Buffer, string, string, number]>([
    [
      'a text file named .png',
      () => Buffer.from('this is not a picture at all\n'.repeat(20)),
      'evil.png',
      'image/png',
      415,
    ],
    [
      'an SVG',
      () =>
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
        ),
      'a.svg',
      'image/svg+xml',
      415,
    ],
    [
      'a GIF',
      () =>
        sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
          .gif()
          .toBuffer(),
      'a.gif',
      'image/gif',
      415,
    ],
    [
      'a TIFF',
      () =>
        sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
          .tiff()
          .toBuffer(),
      'a.png',
      'image/png',
      415,
    ],
    [
      'an HTML page named .jpg',
      () => Buffer.from('<html><script>alert(1)</script></html>'),
      'x.jpg',
      'image/jpeg',
      415,
    ],
    ['a truncated PNG', async () => (await png(400, 400)).subarray(0, 200), 'cut.png', 'image/png', 400],
  ])('%s → refused; nothing is written or changed', async (_, make, name, type, status) => {
    const user = await newUser(t);
    const before = uploads();
    const res = await patchForm(
      user.token,
      profileForm({ ...fieldsOf(user), first_name: 'Changed' }, { bytes: await make(), name, type }),
    );
    expect(res.status).toBe(status);
    expect((res.body as ErrorBody).message).toMatch(/picture|image/i);
    expect(uploads()).toEqual(before);
    expect((await getProfile(user.token)).body).toMatchObject({ first_name: user.first_name, profile_picture: null });
  });

  test('a picture over 5 MB → 413 "Image is too large (at most 5 MB)."; nothing changes', async () => {
    const user = await newUser(t);
    const big = await noisePng(1400);
    expect(big.byteLength).toBeGreaterThan(5 * 1024 * 1024);
    const before = uploads();
    const res = await patchForm(
      user.token,
      profileForm({ ...fieldsOf(user), first_name: 'Changed' }, { bytes: big, name: 'big.png', type: 'image/png' }),
    );
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'Image is too large (at most 5 MB).' });
    expect(uploads()).toEqual(before);
    expect((await getProfile(user.token)).body).toMatchObject({ first_name: user.first_name });
  });

  test('a picture over 25 megapixels (small in bytes) → 413', async () => {
    const user = await newUser(t);
    const wide = await sharp({ create: { width: 6000, height: 4500, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect(wide.byteLength).toBeLessThan(5 * 1024 * 1024);
    const res = await patchForm(
      user.token,
      profileForm(fieldsOf(user), { bytes: wide, name: 'w.png', type: 'image/png' }),
    );
    expect(res.status).toBe(413);
    expect((res.body as ErrorBody).message).toMatch(/megapixels/);
  });

  test('a bad picture with a taken e-mail still changes nothing', async () => {
    const user = await newUser(t);
    const other = await newUser(t);
    const res = await patchForm(
      user.token,
      profileForm({ ...fieldsOf(user), email: other.email }, { bytes: await png(), name: 'ok.png', type: 'image/png' }),
    );
    expect(res.status).toBe(400);
    expect((await getProfile(user.token)).body).toMatchObject({ email: user.email, profile_picture: null });
  });

  test('a form missing fields → 400 with the field messages', async () => {
    const user = await newUser(t);
    const res = await patchForm(user.token, profileForm({ first_name: 'Only' }));
    expect(res.status).toBe(400);
    const errors = (res.body as ErrorBody).errors ?? {};
    expect(errors.last_name).toContain('Last name is required.');
    expect(errors.email).toContain('Email is required.');
    expect(errors.phone_number).toContain('Phone number is required.');
  });

  test('a file where a text field belongs → 400', async () => {
    const user = await newUser(t);
    const form = profileForm({ last_name: user.last_name, email: user.email, phone_number: user.phone_number });
    form.append('first_name', new Blob(['x']), 'name.txt');
    expect((await patchForm(user.token, form)).status).toBe(400);
  });

  test('broken multipart → 400, not 500', async () => {
    const user = await newUser(t);
    const res = await t.get('/api/common/profile/', {
      method: 'PATCH',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'multipart/form-data; boundary=xyz' },
      body: '--xyz\r\nContent-Disposition: form-data; name="first_name"\r\n\r\nA\r\n(no end',
    });
    expect(res.status).toBe(400);
  });
});

describe('signup and profile agree', () => {
  test('a profile e-mail change frees the old e-mail for a new sign-up', async () => {
    const user = await newUser(t);
    const moved = userFields();
    const change = { ...fieldsOf(user), email: moved.email, current_password: user.password };
    expect((await patchJson(user.token, change)).status).toBe(200);
    expect((await signup(t, userFields({ email: user.email }))).status).toBe(201);
  });
});
