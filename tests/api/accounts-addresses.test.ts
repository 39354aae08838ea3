import { describe, expect, test } from 'vitest';
import { makeTestApp, newUser, HOME_ADDRESS, appPerFile } from './helpers';
import type { Address } from '../../contract/api/accounts';
import type { ApiErrorBody as ErrorBody } from '../../contract/types';

const t = appPerFile(() => makeTestApp(5));

const HOME = { ...HOME_ADDRESS, landmark: 'Near the metro station' };

const list = (token: string) => t.call('GET', '/api/common/addresses/', { token });
const create = (token: string, json: unknown) => t.call('POST', '/api/common/addresses/', { token, json });
const one = (token: string, id: number | string) => t.call('GET', `/api/common/addresses/${id}/`, { token });
const remove = (token: string, id: number | string) => t.call('DELETE', `/api/common/addresses/${id}/`, { token });

const NOT_FOUND = { message: 'Address not found.' };

describe('addresses', () => {
  test('a new shopper has none', async () => {
    const user = await newUser(t);
    const res = await list(user.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  test('POST saves an address: 201 with every field and the owner', async () => {
    const user = await newUser(t);
    const res = await create(user.token, HOME);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), ...HOME, user: user.id });
    const id = (res.body as Address).id;
    expect((await one(user.token, id)).body).toEqual(res.body);
    expect((await t.call('GET', `/api/common/addresses/${id}`, { token: user.token })).status).toBe(200);
  });

  test('optional fields may be left out; the type defaults to home', async () => {
    const user = await newUser(t);
    const { landmark: _l, alternate_phone_number: _a, address_type: _t, ...required } = HOME;
    const res = await create(user.token, required);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ landmark: '', alternate_phone_number: '', address_type: 'home' });
  });

  test('work addresses and an alternate phone are kept', async () => {
    const user = await newUser(t);
    const res = await create(user.token, { ...HOME, address_type: 'work', alternate_phone_number: '6123456789' });
    expect(res.body).toMatchObject({ address_type: 'work', alternate_phone_number: '6123456789' });
  });

  test('the list is the caller’s own, newest first', async () => {
    const user = await newUser(t);
    const other = await newUser(t);
    await create(other.token, { ...HOME, name: 'Someone Else' });
    const ids: number[] = [];
    for (const city of ['Pune', 'Delhi', 'Kochi']) {
      ids.push(((await create(user.token, { ...HOME, city })).body as Address).id);
    }
    const res = await list(user.token);
    expect((res.body as Address[]).map((a) => a.city)).toEqual(['Kochi', 'Delhi', 'Pune']);
    expect((res.body as Address[]).map((a) => a.id)).toEqual(ids.reverse());
    expect((res.body as Address[]).every((a) => a.user === user.id)).toBe(true);
  });

  test('DELETE removes it: 200, then 404', async () => {
    const user = await newUser(t);
    const id = ((await create(user.token, HOME)).body as Address).id;
    const res = await remove(user.token, id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Address deleted successfully.' });
    expect((await one(user.token, id)).body).toEqual(NOT_FOUND);
    expect((await remove(user.token, id)).status).toBe(404);
    expect(await list(user.token)).toMatchObject({ body: [] });
  });

  test('another shopper’s address is 404 for GET and DELETE, exactly like a missing one, and survives', async () => {
    const owner = await newUser(t);
    const stranger = await newUser(t);
    const id = ((await create(owner.token, HOME)).body as Address).id;
    const theirs = await one(stranger.token, id);
    const missing = await one(stranger.token, 9_999_999);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(NOT_FOUND);
    expect(missing).toMatchObject({ status: theirs.status, body: theirs.body });
    const deleting = await remove(stranger.token, id);
    expect(deleting.status).toBe(404);
    expect(deleting.body).toEqual(NOT_FOUND);
    expect((await one(owner.token, id)).status).toBe(200);
  });

  test.each(['abc', '0', '-1', '1.5', '99999999999999999999', '%20'])('id %j → 404', async (id) => {
    const user = await newUser(t);
    expect((await one(user.token, id)).body).toEqual(NOT_FOUND);
    expect((await remove(user.token, id)).body).toEqual(NOT_FOUND);
  });

  test.each<[string, Record<string, unknown>, string, string]>([
    ['name missing', { name: '' }, 'name', 'Name is required'],
    ['name only spaces', { name: '   ' }, 'name', 'Name is required'],
    ['phone missing', { phone_number: '' }, 'phone_number', 'Valid 10-digit phone number is required'],
    [
      'phone starting with 5',
      { phone_number: '5876543210' },
      'phone_number',
      'Valid 10-digit phone number is required',
    ],
    ['phone of 9 digits', { phone_number: '987654321' }, 'phone_number', 'Valid 10-digit phone number is required'],
    ['phone as a number', { phone_number: 9876543210 }, 'phone_number', 'Valid 10-digit phone number is required'],
    [
      'alternate phone invalid',
      { alternate_phone_number: '12345' },
      'alternate_phone_number',
      'Valid 10-digit phone number is required',
    ],
    ['pincode of 5 digits', { pincode: '56000' }, 'pincode', 'Valid 6-digit pincode is required'],
    ['pincode with letters', { pincode: '56000A' }, 'pincode', 'Valid 6-digit pincode is required'],
    ['pincode missing', { pincode: undefined }, 'pincode', 'Valid 6-digit pincode is required'],
    ['locality missing', { locality: '' }, 'locality', 'Locality is required'],
    ['area missing', { area: '' }, 'area', 'Address is required'],
    ['city missing', { city: '' }, 'city', 'City is required'],
    ['state missing', { state: null }, 'state', 'State is required'],
    ['type neither home nor work', { address_type: 'office' }, 'address_type', 'Choose home or work.'],
    ['landmark too long', { landmark: 'x'.repeat(101) }, 'landmark', 'At most 100 characters.'],
    ['area of 1 MB', { area: 'x'.repeat(1024 * 1024) }, 'area', 'At most 300 characters.'],
    ['control characters', { city: 'Pune\u001b[31m' }, 'city', 'Contains characters that are not allowed.'],
  ])('%s → 400 with the rule’s message; nothing saved', async (_, change, field, message) => {
    const user = await newUser(t);
    const res = await create(user.token, { ...HOME, ...change });
    expect(res.status).toBe(400);
    expect((res.body as ErrorBody).errors?.[field]).toContain(message);
    expect((await list(user.token)).body).toEqual([]);
  });

  test('unknown fields are ignored: the owner cannot be chosen', async () => {
    const user = await newUser(t);
    const other = await newUser(t);
    const res = await create(user.token, { ...HOME, user: other.id, user_id: other.id, id: 1 });
    expect(res.status).toBe(201);
    expect((res.body as Address).user).toBe(user.id);
    expect((await list(other.token)).body).toEqual([]);
  });

  test('malformed JSON, wrong types and non-JSON bodies are 4xx', async () => {
    const user = await newUser(t);
    const raw = (body: string, type = 'application/json') =>
      t.get('/api/common/addresses/', {
        method: 'POST',
        headers: { authorization: `Bearer ${user.token}`, 'content-type': type },
        body,
      });
    expect((await raw('{"name":')).status).toBe(400);
    expect((await raw('[]')).status).toBe(400);
    expect((await raw('null')).status).toBe(400);
    expect((await raw(JSON.stringify({ ...HOME, name: ['x'] }))).status).toBe(400);
    expect((await raw('name=x', 'application/x-www-form-urlencoded')).status).toBe(415);
  });

  test('Unicode round-trips exactly', async () => {
    const user = await newUser(t);
    const fields = { ...HOME, name: 'Zoë D’Souza', area: 'देवनागरी मार्ग 7', city: 'मुंबई', landmark: 'Café ☕' };
    const created = await create(user.token, fields);
    expect(created.body).toMatchObject(fields);
    expect((await list(user.token)).body).toMatchObject([fields]);
  });

  test('at most 50 addresses per shopper', async () => {
    const user = await newUser(t);
    for (let i = 0; i < 50; i++) expect((await create(user.token, HOME)).status).toBe(201);
    const res = await create(user.token, HOME);
    expect(res.status).toBe(400);
    expect((res.body as ErrorBody).message).toMatch(/at most 50/);
  });

  test('deleting the account’s user removes its addresses (cascade)', async () => {
    const user = await newUser(t);
    await create(user.token, HOME);
    await t.db.deleteFrom('users').where('id', '=', user.id).execute();
    const left = await t.db.selectFrom('addresses').select('id').where('user_id', '=', user.id).execute();
    expect(left).toEqual([]);
  });
});
