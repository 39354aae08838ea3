import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import type { AdminBanner, AdminHomePopup } from '../../contract/api/admin-catalogue';
import type { Banner, HomePopup } from '../../contract/types';
import {
  BANNER_HEADLINE_REQUIRED,
  LINK_FOR_BUTTON,
  LINK_INVALID,
  POPUP_LINK_REQUIRED,
  POPUP_TITLE_REQUIRED,
} from '../../contract/schemas/home-content';
import { ROLE_CANNOT, type StaffRole } from '../../contract/staff';
import { parseSiteChange } from '../../server/services/site/changes';
import { appPerFile, makeTestApp, newUser, type CallOptions, type TestResponse } from './helpers';
import { staffOfEachRole, type SignedInStaff } from './staff-helpers';

/**
 * The home page's words as content: each banner's headline, text, button and link, and the offer
 * pop-up with its campaign. Every change reaches the home page as a site change, as a price does;
 * what is refused (a link of another scheme, words too long, a button leading nowhere) changes nothing.
 */
const t = appPerFile(() => makeTestApp(4));
let staff: Record<StaffRole, SignedInStaff>;

beforeAll(async () => {
  staff = await staffOfEachRole(t);
});

type Json = Record<string, unknown>;

const as = (role: StaffRole, method: string, path: string, options: CallOptions = {}) =>
  t.call(method, `/api/admin/catalogue${path}`, { ...options, token: staff[role].token });

function body<T>(res: TestResponse, status = 200): T {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body as T;
}

async function publicBanners(): Promise<Banner[]> {
  return body<Banner[]>(await t.get('/api/common/banners_api/'));
}

async function publicPopup(): Promise<HomePopup> {
  return body<HomePopup>(await t.get('/api/common/home_popup/'));
}

async function bannerForm(fields: Record<string, string>): Promise<FormData> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const png = await sharp({ create: { width: 80, height: 28, channels: 3, background: '#2f80c9' } })
    .png()
    .toBuffer();
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'banner.png');
  return form;
}

/** The site changes recorded so far, newest last. */
async function siteChanges() {
  const rows = await t.db.selectFrom('site_changes').select('change').orderBy('id').execute();
  return rows.map((r) => parseSiteChange(r.change));
}

async function auditOf(entity: string, entityId: number) {
  return t.db
    .selectFrom('audit_log')
    .select(['action', 'before', 'after'])
    .where('entity', '=', entity)
    .where('entity_id', '=', String(entityId))
    .orderBy('id')
    .execute();
}

/** A banner of this test's own, with a button and link unless `fields` say otherwise. */
async function ownBanner(fields: Record<string, string> = {}): Promise<AdminBanner> {
  return body<AdminBanner>(
    await as('manager', 'POST', '/banners', {
      form: await bannerForm({
        title: 'Monsoon cleaning week',
        subtitle: 'Mops, buckets and brooms',
        button_label: 'Shop cleaning',
        link: '/subcategories/7',
        ...fields,
      }),
    }),
    201,
  );
}

describe('banners: headline, text, button and a link of their own', () => {
  test('the demo banners each have words and a link of their own', async () => {
    const banners = await publicBanners();
    expect(banners.length).toBeGreaterThan(1);
    for (const b of banners) {
      expect(b.title).not.toBe('');
      expect(b.button_label).not.toBeNull();
      expect(b.link).toMatch(/^\/subcategories\/\d+$/);
    }
    expect(new Set(banners.map((b) => b.link)).size).toBe(banners.length);
  });

  test('a banner is added with its words and link; shoppers read them; the home page is named', async () => {
    const before = (await siteChanges()).length;
    const banner = await ownBanner({ link: 'https://offers.example.in/monsoon?from=home' });
    expect(banner).toMatchObject({
      title: 'Monsoon cleaning week',
      subtitle: 'Mops, buckets and brooms',
      button_label: 'Shop cleaning',
      link: 'https://offers.example.in/monsoon?from=home',
    });
    expect(await publicBanners()).toContainEqual({
      id: banner.id,
      title: 'Monsoon cleaning week',
      subtitle: 'Mops, buckets and brooms',
      image: banner.image,
      button_label: 'Shop cleaning',
      link: 'https://offers.example.in/monsoon?from=home',
    });
    expect((await siteChanges()).slice(before)).toEqual([{ home: true }]);
  });

  test('its headline, text, button and link are changed, each kept in the audit', async () => {
    const banner = await ownBanner();
    const before = (await siteChanges()).length;
    const changed = body<AdminBanner>(
      await as('manager', 'PATCH', `/banners/${banner.id}`, {
        json: {
          title: 'Diwali lights',
          subtitle: null,
          button_label: 'See the diyas',
          link: '/searchproductlist?search=diya',
        },
      }),
    );
    expect(changed).toMatchObject({
      title: 'Diwali lights',
      subtitle: null,
      button_label: 'See the diyas',
      link: '/searchproductlist?search=diya',
    });
    expect((await publicBanners()).find((b) => b.id === banner.id)).toMatchObject({
      title: 'Diwali lights',
      subtitle: null,
      button_label: 'See the diyas',
      link: '/searchproductlist?search=diya',
    });
    expect((await siteChanges()).slice(before)).toEqual([{ home: true }]);
    const update = (await auditOf('banner', banner.id)).at(-1);
    expect(update?.action).toBe('banner.update');
    expect(JSON.parse(update?.before ?? '{}')).toEqual({
      title: 'Monsoon cleaning week',
      subtitle: 'Mops, buckets and brooms',
      button_label: 'Shop cleaning',
      link: '/subcategories/7',
    });

    // The button may go while the link stays: the whole slide still leads there.
    body(await as('manager', 'PATCH', `/banners/${banner.id}`, { json: { button_label: '' } }));
    expect((await publicBanners()).find((b) => b.id === banner.id)).toMatchObject({
      button_label: null,
      link: '/searchproductlist?search=diya',
    });
  });

  const refusedLinks = [
    'javascript:alert(document.cookie)',
    'JavaScript:alert(1)',
    '  javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'http://offers.example.in/',
    'mailto:care@example.in',
    '//evil.example/',
    '/\\evil.example',
    'https://user:secret@example.in/',
    'subcategories/3',
  ];

  test.each(refusedLinks)('a new banner linking to %j is refused (400) and nothing is stored', async (link) => {
    const count = (await publicBanners()).length;
    const res = await as('manager', 'POST', '/banners', {
      form: await bannerForm({ title: 'Sale', button_label: 'Shop Now', link }),
    });
    expect(res.status).toBe(400);
    expect((res.body as Json).message).toBe(LINK_INVALID);
    expect((res.body as { errors?: Json }).errors?.link).toEqual([LINK_INVALID]);
    expect((await publicBanners()).length).toBe(count);
  });

  test.each(refusedLinks)('a banner changed to link to %j is refused and stays as it was', async (link) => {
    const banner = await ownBanner();
    const before = await publicBanners();
    const res = await as('manager', 'PATCH', `/banners/${banner.id}`, { json: { title: 'Changed', link } });
    expect([res.status, (res.body as Json).message]).toEqual([400, LINK_INVALID]);
    expect(await publicBanners()).toEqual(before);
  });

  test.each<[string, Json, string, string]>([
    ['a headline of 81 characters', { title: 'x'.repeat(81) }, 'title', 'At most 80 characters.'],
    ['a text of 161 characters', { subtitle: 'x'.repeat(161) }, 'subtitle', 'At most 160 characters.'],
    ['a button label of 31 characters', { button_label: 'x'.repeat(31) }, 'button_label', 'At most 30 characters.'],
    ['an empty headline', { title: '  ' }, 'title', BANNER_HEADLINE_REQUIRED],
  ])('%s is refused, on a new banner and on a change, and nothing changes', async (_name, fields, field, message) => {
    const banner = await ownBanner();
    const before = await publicBanners();
    const created = await as('manager', 'POST', '/banners', {
      form: await bannerForm({ title: 'Sale', link: '/productslisting', ...(fields as Record<string, string>) }),
    });
    expect([created.status, (created.body as { errors?: Json }).errors?.[field]]).toEqual([400, [message]]);
    const changed = await as('manager', 'PATCH', `/banners/${banner.id}`, { json: fields });
    expect([changed.status, (changed.body as { errors?: Json }).errors?.[field]]).toEqual([400, [message]]);
    expect(await publicBanners()).toEqual(before);
  });

  test('a button needs a link: on a new banner, and on a change measured against what is stored', async () => {
    const count = (await publicBanners()).length;
    const created = await as('manager', 'POST', '/banners', {
      form: await bannerForm({ title: 'Sale', button_label: 'Shop Now' }),
    });
    expect([created.status, (created.body as Json).message]).toEqual([400, LINK_FOR_BUTTON]);
    expect((await publicBanners()).length).toBe(count);

    // A banner without button or link: its headline alone.
    const plain = await ownBanner({ button_label: '', link: '' });
    expect(plain).toMatchObject({ button_label: null, link: null });
    const noLink = await as('manager', 'PATCH', `/banners/${plain.id}`, { json: { button_label: 'Shop Now' } });
    expect([noLink.status, (noLink.body as { errors?: Json }).errors?.link]).toEqual([400, [LINK_FOR_BUTTON]]);

    const linked = await ownBanner();
    const cleared = await as('manager', 'PATCH', `/banners/${linked.id}`, { json: { link: null } });
    expect([cleared.status, (cleared.body as Json).message]).toEqual([400, LINK_FOR_BUTTON]);
    const after = await publicBanners();
    expect(after.find((b) => b.id === plain.id)).toMatchObject({ button_label: null, link: null });
    expect(after.find((b) => b.id === linked.id)).toMatchObject({ button_label: 'Shop cleaning', link: '/subcategories/7' });
  });
});

describe('the offer pop-up', () => {
  const popupOf = async (role: StaffRole = 'manager') => body<AdminHomePopup>(await as(role, 'GET', '/home-popup'));
  const save = (popup: Json, role: StaffRole = 'manager') => as(role, 'PUT', '/home-popup', { json: popup });
  const wordsOf = ({ campaign: _campaign, ...popup }: AdminHomePopup) => popup;

  test('staff change its words: a new campaign, which shoppers read and the home page is named for', async () => {
    const current = await popupOf();
    const before = (await siteChanges()).length;
    const festive = {
      enabled: true,
      title: 'Festive Offer',
      text: 'Two kadais for the price of one',
      code: 'KADAI2',
      button_label: 'See kadais',
      link: '/searchproductlist?search=kadai',
    };
    const saved = body<AdminHomePopup>(await save(festive));
    expect(saved).toMatchObject(festive);
    expect(saved.campaign).not.toBe(current.campaign);
    expect(await publicPopup()).toEqual(saved);
    expect((await siteChanges()).slice(before)).toEqual([{ home: true }]);
    expect((await auditOf('popup', 1)).at(-1)?.action).toBe('popup.update');

    // Only the code changes: still a new campaign; the code may be cleared.
    const again = body<AdminHomePopup>(await save({ ...wordsOf(saved), code: '' }));
    expect(again.code).toBeNull();
    expect(again.campaign).not.toBe(saved.campaign);
  });

  test('switched off and on it keeps its campaign; saving it unchanged changes nothing', async () => {
    const current = await popupOf();
    const off = body<AdminHomePopup>(await save({ ...wordsOf(current), enabled: false }));
    expect(off).toEqual({ ...current, enabled: false });
    expect((await publicPopup()).enabled).toBe(false);
    expect((await auditOf('popup', 1)).at(-1)?.action).toBe('popup.disable');

    const changes = (await siteChanges()).length;
    const audits = (await auditOf('popup', 1)).length;
    expect(body<AdminHomePopup>(await save({ ...wordsOf(current), enabled: false }))).toEqual(off);
    expect((await siteChanges()).length).toBe(changes);
    expect((await auditOf('popup', 1)).length).toBe(audits);

    const on = body<AdminHomePopup>(await save({ ...wordsOf(current), enabled: true }));
    expect(on).toEqual({ ...current, enabled: true });
    expect(await publicPopup()).toEqual(on);
    expect((await auditOf('popup', 1)).at(-1)?.action).toBe('popup.enable');
  });

  test.each<[string, Json, string, string]>([
    ['a javascript: link', { link: 'javascript:alert(1)' }, 'link', LINK_INVALID],
    ['an http: link', { link: 'http://example.in/' }, 'link', LINK_INVALID],
    ['no link', { link: '' }, 'link', POPUP_LINK_REQUIRED],
    ['no headline', { title: '' }, 'title', POPUP_TITLE_REQUIRED],
    ['a headline of 61 characters', { title: 'x'.repeat(61) }, 'title', 'At most 60 characters.'],
    ['a text of 161 characters', { text: 'x'.repeat(161) }, 'text', 'At most 160 characters.'],
    ['a code of 31 characters', { code: 'x'.repeat(31) }, 'code', 'At most 30 characters.'],
    ['a button label of 31 characters', { button_label: 'x'.repeat(31) }, 'button_label', 'At most 30 characters.'],
    ['shown as text', { enabled: 'yes' }, 'enabled', 'Shown must be true or false.'],
  ])('a pop-up with %s is refused (400) and stays as it was', async (_name, change, field, message) => {
    const current = await popupOf();
    const res = await save({ ...wordsOf(current), ...change });
    expect([res.status, (res.body as { errors?: Json }).errors?.[field]]).toEqual([400, [message]]);
    expect(await popupOf()).toEqual(current);
    expect(await publicPopup()).toEqual(current);
  });

  test('support may read the pop-up but not change it (403); shoppers neither', async () => {
    const current = await popupOf('support');
    const refused = await save({ ...wordsOf(current), title: 'Nope' }, 'support');
    expect([refused.status, (refused.body as Json).message]).toEqual([403, ROLE_CANNOT]);
    const shopper = await newUser(t);
    expect((await t.call('GET', '/api/admin/catalogue/home-popup', { token: shopper.token })).status).toBe(401);
    expect((await publicPopup()).title).toBe(current.title);
  });
});
