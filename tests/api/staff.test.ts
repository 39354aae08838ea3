import { Hono } from 'hono';
import { SignJWT } from 'jose';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { formatDeadline } from '../../contract/format';
import { AuditPageSchema, StaffAccountSchema } from '../../contract/api/staff';
import {
  INVITE_HOURS,
  INVITE_NOT_VALID,
  LAST_OWNER,
  PERMISSIONS,
  ROLE_CANNOT,
  STAFF_LOGIN_REFUSED,
  STAFF_ROLES,
  roleCan,
  type StaffRole,
} from '../../contract/staff';
import { ROLE_UNKNOWN, STAFF_CHANGE_EMPTY } from '../../contract/schemas/staff';
import { errorResponse } from '../../server/http/errors';
import { requireStaff } from '../../server/http/staff-auth';
import { accountsOptions } from '../../server/runtime';
import { loadEnv } from '../../server/env';
import { createAccounts } from '../../server/services/auth/accounts';
import { newDeviceCookie } from '../../server/services/auth/device-cookies';
import { OutboxMailer } from '../../server/services/mail/outbox';
import { createStaffAccess } from '../../server/services/staff/context';
import { runStaffCommand } from '../../server/services/staff/commands';
import { issueStaffToken } from '../../server/services/staff/tokens';
import { TOTP_STEP_SECONDS } from '../../server/services/staff/totp';
import {
  appPerFile,
  makeTestApp,
  newUser,
  TEST_SECRET,
  TEST_TOKEN_TTL_SECONDS,
  waitForMail,
  type TestApp,
  type TestResponse,
} from './helpers';

const PASSWORD = 'kitchen shelf 42';
let serial = 0;
const newEmail = (what = 'staff') => `${what}-${process.pid}-${(serial += 1)}@gharbazaar.in`;

/** A staff member as the tests hold them: the password, the key of their app, their recovery codes. */
interface Member {
  id: number;
  email: string;
  role: StaffRole;
  secret: string;
  codes: string[];
}

/** The app code of `member`'s key at the app's clock, `stepsAway` steps from now. */
function codeOf(t: TestApp, member: Pick<Member, 'secret'>, stepsAway = 0): Promise<string> {
  return generate({
    secret: member.secret,
    epoch: Math.floor(t.clock.now() / 1000) + stepsAway * TOTP_STEP_SECONDS,
  });
}

function login(t: TestApp, json: unknown, headers?: Record<string, string>) {
  return t.call('POST', '/api/admin/login', { json, headers });
}

/**
 * Signs `member` in with a fresh app code: the clock moves on two steps first, since a code is
 * taken once per step (and a test may have used the next step's). Answers the staff token.
 */
async function signIn(t: TestApp, member: Member, headers?: Record<string, string>): Promise<string> {
  t.clock.advance(2 * TOTP_STEP_SECONDS * 1000);
  const res = await login(t, { email: member.email, password: PASSWORD, code: await codeOf(t, member) }, headers);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { token: string }).token;
}

/** The first owner, made on the command line as a shop's first owner is. */
async function ownerFromCommandLine(t: TestApp, email = newEmail('owner')): Promise<Member> {
  const out: string[] = [];
  const code = await runStaffCommand(
    t.db,
    ['staff:create', '--email', email, '--role', 'owner', '--name', 'Meera Iyer', '--password-stdin'],
    { out: (l) => out.push(l), err: (l) => out.push(l) },
    { readStdin: async () => `${PASSWORD}\n`, askHidden: null },
    t.clock.now,
  );
  expect(code, out.join('\n')).toBe(0);
  const text = out.join('\n');
  const row = await t.db.selectFrom('staff').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
  return {
    id: row.id,
    email,
    role: 'owner',
    secret: /Key: ([A-Z2-7]+)/.exec(text)?.[1] ?? '',
    codes: (text.match(/^ {2}[0-9a-z]{4}(?:-[0-9a-z]{4}){3}$/gm) ?? []).map((c) => c.trim()),
  };
}

/** Invites someone as `role`, accepts the invitation, and answers them (second factor not yet confirmed). */
async function invited(t: TestApp, ownerToken: string, role: StaffRole, email = newEmail(role)): Promise<Member> {
  const invite = await t.call('POST', '/api/admin/staff/invites', { token: ownerToken, json: { email, role } });
  expect(invite.status, JSON.stringify(invite.body)).toBe(201);
  const accepted = await t.call('POST', '/api/admin/invites/accept', {
    json: { token: (invite.body as { token: string }).token, name: `New ${role}`, password: PASSWORD },
  });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
  const body = accepted.body as { staff: { id: number }; totp: { secret: string }; recovery_codes: string[] };
  return { id: body.staff.id, email, role, secret: body.totp.secret, codes: body.recovery_codes };
}

/** Staff entries of the audit log, newest first. */
const auditRows = (t: TestApp) => t.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').execute();

// ---- The shop of most tests: an owner from the command line, a manager and support invited ----

const t = appPerFile(() => makeTestApp(3));
let owner: Member;
let ownerToken: string;

async function team() {
  if (owner) return;
  owner = await ownerFromCommandLine(t);
  ownerToken = await signIn(t, owner);
}

describe('login: password and a second factor', () => {
  test('the owner made on the command line signs in with the password and a current app code', async () => {
    await team();
    const me = await t.call('GET', '/api/admin/me', { token: ownerToken });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: owner.id, email: owner.email, role: 'owner', recovery_codes_left: 10 });
    expect((me.body as { permissions: string[] }).permissions).toEqual([...PERMISSIONS]);
    expect(me.headers.get('cache-control')).toBe('no-store');
    const row = await t.db.selectFrom('staff').selectAll().where('id', '=', owner.id).executeTakeFirstOrThrow();
    expect(row.totp_confirmed_at).not.toBeNull();
  });

  test.each<[string, (m: Member) => Promise<Record<string, string>>, string]>([
    [
      'a wrong password',
      async (m) => ({ email: m.email, password: 'wrong password', code: await codeOf(t, m) }),
      'wrong password',
    ],
    [
      'a wrong code',
      async (m) => ({
        email: m.email,
        password: PASSWORD,
        code: (await codeOf(t, m)) === '000000' ? '111111' : '000000',
      }),
      'wrong code',
    ],
    [
      'a code two steps old',
      async (m) => ({ email: m.email, password: PASSWORD, code: await codeOf(t, m, -2) }),
      'wrong code',
    ],
    [
      'a code two steps ahead',
      async (m) => ({ email: m.email, password: PASSWORD, code: await codeOf(t, m, 2) }),
      'wrong code',
    ],
    [
      'a recovery code that is not theirs',
      async (m) => ({ email: m.email, password: PASSWORD, code: 'abcd-efgh-jkmn-pqrs' }),
      'wrong code',
    ],
    ['an unknown e-mail', async (m) => ({ email: `x${m.email}`, password: PASSWORD, code: await codeOf(t, m) }), ''],
  ])('%s is refused with the one message', async (_, body, reason) => {
    await team();
    t.clock.advance(TOTP_STEP_SECONDS * 1000);
    const before = await auditRows(t);
    const res = await login(t, await body(owner));
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: STAFF_LOGIN_REFUSED });
    const after = await auditRows(t);
    // A refusal of a staff account is logged with why; an unknown e-mail names no account and is not.
    expect(after).toHaveLength(before.length + (reason ? 1 : 0));
    if (reason) {
      expect(after[0]).toMatchObject({
        action: 'staff.login',
        outcome: 'denied',
        staff_id: null,
        entity_id: String(owner.id),
        note: reason,
      });
    }
  });

  test('an app code is taken once: the same code again, or an earlier one, is refused', async () => {
    await team();
    t.clock.advance(TOTP_STEP_SECONDS * 1000);
    const code = await codeOf(t, owner);
    expect((await login(t, { email: owner.email, password: PASSWORD, code })).status).toBe(200);
    const again = await login(t, { email: owner.email, password: PASSWORD, code });
    expect(again.status).toBe(401);
    expect((await auditRows(t))[0]).toMatchObject({ outcome: 'denied', note: 'code used already' });
    const earlier = await login(t, { email: owner.email, password: PASSWORD, code: await codeOf(t, owner, -1) });
    expect(earlier.status).toBe(401);
    // The next step's code (a phone a little fast) still works once.
    expect((await login(t, { email: owner.email, password: PASSWORD, code: await codeOf(t, owner, 1) })).status).toBe(
      200,
    );
  });

  test('two logins racing with one code: one gets in', async () => {
    await team();
    t.clock.advance(TOTP_STEP_SECONDS * 2000);
    const json = { email: owner.email, password: PASSWORD, code: await codeOf(t, owner) };
    const answers = await Promise.all([login(t, json), login(t, json), login(t, json)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 401, 401]);
  });

  test('a recovery code works once, in place of an app code', async () => {
    await team();
    const [code = ''] = owner.codes;
    const first = await login(t, { email: owner.email, password: PASSWORD, code: code.toUpperCase() });
    expect(first.status).toBe(200);
    const token = (first.body as { token: string }).token;
    expect((await t.call('GET', '/api/admin/me', { token })).body).toMatchObject({ recovery_codes_left: 9 });
    expect((await login(t, { email: owner.email, password: PASSWORD, code })).status).toBe(401);
    expect((await auditRows(t)).find((r) => r.outcome === 'done' && r.action === 'staff.login')?.note).toBe(
      'With recovery code',
    );
  });

  test('before the first app code confirms the key, recovery codes do not work', async () => {
    await team();
    const support = await invited(t, ownerToken, 'support');
    const res = await login(t, { email: support.email, password: PASSWORD, code: support.codes[0] });
    expect(res.status).toBe(401);
    expect((await auditRows(t))[0]?.note).toBe('recovery code before the second factor was confirmed');
    const list = await t.call('GET', '/api/admin/staff', { token: ownerToken });
    expect((list.body as { id: number; second_factor: string }[]).find((s) => s.id === support.id)).toMatchObject({
      second_factor: 'pending',
    });
    await signIn(t, support);
    expect((await login(t, { email: support.email, password: PASSWORD, code: support.codes[0] })).status).toBe(200);
  });
});

/** Every /api/admin call a staff token opens, with a body that is valid for it. */
const STAFF_CALLS: [string, string, () => unknown][] = [
  ['GET', '/api/admin/me', () => undefined],
  ['POST', '/api/admin/logout', () => undefined],
  ['POST', '/api/admin/staff/invites', () => ({ email: newEmail('invitee'), role: 'support' })],
  ['GET', '/api/admin/staff', () => undefined],
  ['PATCH', '/api/admin/staff/1', () => ({ role: 'owner' })],
  ['GET', '/api/admin/audit', () => undefined],
  ['GET', '/api/admin/me/alerts', () => undefined],
  ['PUT', '/api/admin/me/alerts', () => ({ new_orders: true, daily_summary: false })],
];

describe('staff tokens and shopper tokens are kept apart', () => {
  test.each(STAFF_CALLS)('a shopper’s token is refused by %s %s (401)', async (method, path, body) => {
    const shopper = await newUser(t);
    const res = await t.call(method, path, { token: shopper.token, json: body() });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Invalid or expired token.' });
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });

  test('every staff call of the OpenAPI document tagged Staff is in the table above', async () => {
    const { apiDocument } = await import('../../server/routes/api');
    const documented = Object.entries(
      apiDocument().paths as Record<string, Record<string, { security?: object[]; tags?: string[] }>>,
    )
      .flatMap(([p, item]) =>
        Object.entries(item)
          // The back office's other parts (orders, customers, reviews, the catalogue) have test files of their own.
          .filter(([, op]) => op.tags?.includes('Staff'))
          .filter(([, op]) => JSON.stringify(op.security ?? []).includes('staffBearerAuth'))
          .map(([m]) => `${m.toUpperCase()} ${p.replace('{id}', '1')}`),
      )
      .sort();
    expect(documented).toEqual(STAFF_CALLS.map(([m, p]) => `${m} ${p}`).sort());
  });

  test.each([
    ['GET', '/api/common/cart/'],
    ['GET', '/api/common/profile/'],
    ['GET', '/api/common/orders_history/'],
    ['POST', '/api/common/logout/'],
  ])(
    'a staff token is refused by the shopper call %s %s (401), even where a shopper has its id',
    async (method, path) => {
      await team();
      expect((await t.call(method, path, { token: ownerToken })).status).toBe(401);
      // Staff and shopper ids count apart: a staff token whose `sub` is a shopper's id, with a
      // password, is still no shopper's token.
      const shopper = await newUser(t);
      expect((await t.call(method, path, { token: shopper.token })).status).not.toBe(401);
      const { token } = await issueStaffToken(
        { secret: TEST_SECRET, ttlSeconds: 3600, now: t.clock.now },
        { id: shopper.id, tokens_valid_after: null },
      );
      expect((await t.call(method, path, { token })).status).toBe(401);
    },
  );

  test('a token signed with the shop’s secret but without the staff audience is refused by staff calls', async () => {
    await team();
    const now = Math.floor(t.clock.now() / 1000);
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(owner.id))
      .setJti(crypto.randomUUID())
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(TEST_SECRET);
    expect((await t.call('GET', '/api/admin/me', { token: forged })).status).toBe(401);
    const staffAudience = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience('staff')
      .setSubject(String(owner.id))
      .setJti(crypto.randomUUID())
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(TEST_SECRET);
    // The same claims with the audience pass: the refusal above is the audience's.
    expect((await t.call('GET', '/api/admin/me', { token: staffAudience })).status).toBe(200);
  });
});

describe('roles: each endpoint checks the role on the server', () => {
  const tokens = {} as Record<StaffRole, string>;
  let target: Member;

  beforeAll(async () => {
    await team();
    // An owner, a manager and support, each in a session of their own: the table below logs each of them out last.
    tokens.owner = await signIn(t, owner);
    for (const role of ['manager', 'support'] as const)
      tokens[role] = await signIn(t, await invited(t, ownerToken, role));
    target = await invited(t, ownerToken, 'support');
  });

  /** Each call with a valid body, and the status each role gets. */
  const CALLS: [string, () => unknown, Record<StaffRole, number>][] = [
    ['GET /api/admin/me', () => undefined, { owner: 200, manager: 200, support: 200 }],
    [
      'POST /api/admin/staff/invites',
      () => ({ email: newEmail('invitee'), role: 'support' }),
      { owner: 201, manager: 403, support: 403 },
    ],
    ['GET /api/admin/staff', () => undefined, { owner: 200, manager: 403, support: 403 }],
    ['PATCH /api/admin/staff/{target}', () => ({ role: 'support' }), { owner: 200, manager: 403, support: 403 }],
    ['GET /api/admin/audit', () => undefined, { owner: 200, manager: 403, support: 403 }],
    ['GET /api/admin/me/alerts', () => undefined, { owner: 200, manager: 200, support: 200 }],
    [
      'PUT /api/admin/me/alerts',
      () => ({ new_orders: true, daily_summary: true }),
      { owner: 200, manager: 200, support: 200 },
    ],
    ['POST /api/admin/logout', () => undefined, { owner: 200, manager: 200, support: 200 }],
  ];
  const cases = STAFF_ROLES.flatMap((role) =>
    CALLS.map(([call, body, statuses]) => [role, call, statuses[role], body] as const),
  );

  test.each(cases)('%s → %s: %i', async (role, call, status, body) => {
    const [method = '', template = ''] = call.split(' ');
    const path = template.replace('{target}', String(target.id));
    const before = (await auditRows(t)).length;
    const res = await t.call(method, path, { token: tokens[role], json: body() });
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    if (status === 403) {
      expect(res.body).toEqual({ message: ROLE_CANNOT });
      const after = await auditRows(t);
      expect(after).toHaveLength(before + 1);
      expect(after[0]).toMatchObject({ outcome: 'denied', entity: 'route', entity_id: `${method} ${path}` });
    }
    if (method === 'POST' && path.endsWith('/logout')) {
      expect((await t.call('GET', '/api/admin/me', { token: tokens[role] })).status).toBe(401);
    }
  });

  test('the table covers every staff call', () => {
    expect(CALLS.map(([call]) => call.replace('{target}', '1')).sort()).toEqual(
      STAFF_CALLS.map(([m, p]) => `${m} ${p}`).sort(),
    );
  });

  test('each denial names who, the permission asked and from where', async () => {
    const denials = (await auditRows(t)).filter((r) => r.outcome === 'denied' && r.entity === 'route');
    expect(denials).toHaveLength(8);
    for (const d of denials) {
      expect(['staff.manage', 'audit.read']).toContain(d.action);
      expect(d.staff_id).not.toBeNull();
      expect(d.note).toMatch(/^(Manager|Support): Your role cannot do this\.$/);
      expect(d.ip).toBe('unknown');
    }
  });
});

describe('requireStaff with each permission', () => {
  const members = {} as Record<StaffRole, string>;
  /** A route guarded by `permission`, over the test shop's database, secret and clock. */
  function guarded(permission: (typeof PERMISSIONS)[number]): Hono {
    const options = {
      secret: TEST_SECRET,
      tokenTtlSeconds: TEST_TOKEN_TTL_SECONDS,
      mailer: new OutboxMailer(t.outboxDir, 'GharBazaar <no-reply@gharbazaar.in>'),
      now: t.clock.now,
      limits: false as const,
    };
    const staff = createStaffAccess(createAccounts(t.db, options, t.mediaDir, false), options, 'http://shop.test');
    const app = new Hono();
    app.get('/check', requireStaff(staff, permission), (c) => c.json({ ok: true }));
    app.onError((error, c) => errorResponse(c, error) ?? c.text('failed', 500));
    return app;
  }

  test.each(STAFF_ROLES.flatMap((role) => PERMISSIONS.map((p) => [role, p, roleCan(role, p) ? 200 : 403] as const)))(
    '%s asking for %s → %i',
    async (role, permission, status) => {
      await team();
      members[role] ??= await signIn(t, role === 'owner' ? owner : await invited(t, ownerToken, role));
      const res = await guarded(permission).request('/check', {
        headers: { authorization: `Bearer ${members[role]}` },
      });
      expect(res.status).toBe(status);
      if (status === 403) {
        expect((await auditRows(t))[0]).toMatchObject({
          action: permission,
          outcome: 'denied',
          entity_id: 'GET /check',
        });
      }
    },
  );
});

describe('invitations', () => {
  test('an owner invites: the e-mail carries the link, the account opens once, and its role is the invitation’s', async () => {
    await team();
    const email = newEmail('invited');
    const invite = await t.call('POST', '/api/admin/staff/invites', {
      token: ownerToken,
      json: { email: email.toUpperCase(), role: 'manager' },
    });
    expect(invite.status).toBe(201);
    const { token, link, expires_at } = invite.body as { token: string; link: string; expires_at: string };
    expect(link).toBe(`http://localhost:4321/admin/invite#${token}`);
    expect(Date.parse(expires_at) - t.clock.now()).toBeGreaterThan((INVITE_HOURS * 3600 - 5) * 1000);
    const mail = await waitForMail(t.outboxDir, email);
    expect(mail.headers.subject).toBe('You are invited to the GharBazaar back office');
    const { simpleParser } = await import('mailparser');
    const text = (await simpleParser(mail.raw)).text ?? '';
    expect(text).toContain(link);
    expect(text).toContain('Meera Iyer has invited you to the GharBazaar back office as manager.');
    expect(text).toContain(`It works once, until ${formatDeadline(expires_at)} (India time).`);
    const stored = await t.db
      .selectFrom('staff_invites')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(token);

    const accepted = await t.call('POST', '/api/admin/invites/accept', {
      json: { token, name: 'Ravi Kumar', password: PASSWORD },
    });
    expect(accepted.status).toBe(201);
    expect(accepted.headers.get('cache-control')).toBe('no-store');
    const body = accepted.body as {
      staff: Member;
      totp: { secret: string; otpauth_url: string };
      recovery_codes: string[];
    };
    expect(body.staff).toMatchObject({ email, name: 'Ravi Kumar', role: 'manager' });
    expect(body.recovery_codes).toHaveLength(10);
    expect(body.totp.otpauth_url).toContain(`secret=${body.totp.secret}`);
    const member = {
      id: body.staff.id,
      email,
      role: 'manager' as const,
      secret: body.totp.secret,
      codes: body.recovery_codes,
    };
    const memberToken = await signIn(t, member);
    expect((await t.call('GET', '/api/admin/me', { token: memberToken })).body).toMatchObject({ role: 'manager' });
    expect(
      (await auditRows(t)).find((r) => r.action === 'staff.join' && r.entity_id === String(member.id)),
    ).toMatchObject({
      staff_id: member.id,
      outcome: 'done',
    });

    const staffBefore = (await t.db.selectFrom('staff').select('id').execute()).length;
    const twice = await t.call('POST', '/api/admin/invites/accept', {
      json: { token, name: 'Someone Else', password: PASSWORD },
    });
    expect(twice.status).toBe(400);
    expect(twice.body).toMatchObject({ message: INVITE_NOT_VALID });
    expect((await t.db.selectFrom('staff').select('id').execute()).length).toBe(staffBefore);
    expect(await t.db.selectFrom('staff').select('name').where('id', '=', member.id).executeTakeFirst()).toEqual({
      name: 'Ravi Kumar',
    });
  });

  test.each([
    ['an unknown role', { role: 'admin' }, ROLE_UNKNOWN],
    ['a role in capitals', { role: 'Owner' }, ROLE_UNKNOWN],
    ['no role', { role: undefined }, 'Role is required.'],
    ['a role that is not text', { role: 3 }, ROLE_UNKNOWN],
    ['no e-mail', { email: undefined }, 'Email is required.'],
    ['not an e-mail', { email: 'ravi.gharbazaar.in' }, 'Email is invalid.'],
  ])('an invitation with %s is refused (400) and nothing is stored', async (_, change, message) => {
    await team();
    const before = (await t.db.selectFrom('staff_invites').select('id').execute()).length;
    const json = { email: newEmail('bad-invite'), role: 'support', ...change };
    const res = await t.call('POST', '/api/admin/staff/invites', { token: ownerToken, json });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message });
    expect((await t.db.selectFrom('staff_invites').select('id').execute()).length).toBe(before);
  });

  test('an e-mail with an account that signs in, in any case, cannot be invited (409)', async () => {
    await team();
    const res = await t.call('POST', '/api/admin/staff/invites', {
      token: ownerToken,
      json: { email: owner.email.toUpperCase(), role: 'support' },
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'This e-mail already has a staff account.' });
    expect((await auditRows(t))[0]).toMatchObject({
      action: 'staff.invite',
      outcome: 'denied',
      staff_id: owner.id,
      note: 'This e-mail already has a staff account.',
    });
  });

  test.each([
    ['an unknown token', { token: 'x'.repeat(43), name: 'Asha', password: PASSWORD }, 400, INVITE_NOT_VALID],
    ['a weak password', { name: 'Asha', password: '12345' }, 400, 'Password must be at least 8 characters.'],
    ['six spaces', { name: 'Asha', password: '      ' }, 400, 'Password must be at least 8 characters.'],
    ['eight spaces', { name: 'Asha', password: '        ' }, 400, 'Password cannot be only spaces.'],
    ['a common password', { name: 'Asha', password: 'password123' }, 400, undefined],
    ['no name', { password: PASSWORD }, 400, 'Name is required.'],
    ['a name with control characters', { name: 'Asha\u0007', password: PASSWORD }, 400, undefined],
    [
      'a token that is not text',
      { token: 42, name: 'Asha', password: PASSWORD },
      400,
      'The invitation token is required.',
    ],
  ])(
    'accepting with %s is refused and changes nothing; the invitation still works',
    async (_, json, status, message) => {
      await team();
      const email = newEmail('retry');
      const invite = await t.call('POST', '/api/admin/staff/invites', {
        token: ownerToken,
        json: { email, role: 'support' },
      });
      const token = (invite.body as { token: string }).token;
      const res = await t.call('POST', '/api/admin/invites/accept', { json: { token, ...json } });
      expect(res.status).toBe(status);
      if (message) expect(res.body).toMatchObject({ message });
      expect(await t.db.selectFrom('staff').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
      const ok = await t.call('POST', '/api/admin/invites/accept', {
        json: { token, name: 'Asha', password: PASSWORD },
      });
      expect(ok.status).toBe(201);
    },
  );

  test('a newer invitation to the same e-mail ends the earlier one', async () => {
    await team();
    const email = newEmail('twice');
    const tokens: string[] = [];
    for (const role of ['support', 'manager']) {
      const res = await t.call('POST', '/api/admin/staff/invites', { token: ownerToken, json: { email, role } });
      tokens.push((res.body as { token: string }).token);
    }
    const old = await t.call('POST', '/api/admin/invites/accept', {
      json: { token: tokens[0], name: 'A', password: PASSWORD },
    });
    expect(old.status).toBe(400);
    const fresh = await t.call('POST', '/api/admin/invites/accept', {
      json: { token: tokens[1], name: 'A', password: PASSWORD },
    });
    expect(fresh.body).toMatchObject({ staff: { role: 'manager' } });
  });

  test('someone who lost the key before the first login is invited again: the old key stops working', async () => {
    await team();
    const first = await invited(t, ownerToken, 'support');
    const again = await invited(t, ownerToken, 'manager', first.email);
    expect(again.id).toBe(first.id);
    const oldKey = await login(t, { email: first.email, password: PASSWORD, code: await codeOf(t, first) });
    expect(oldKey.status).toBe(401);
    const token = await signIn(t, again);
    expect((await t.call('GET', '/api/admin/me', { token })).body).toMatchObject({ id: first.id, role: 'manager' });
  });

  test('two acceptances racing with one invitation open one account', async () => {
    await team();
    const email = newEmail('race');
    const invite = await t.call('POST', '/api/admin/staff/invites', {
      token: ownerToken,
      json: { email, role: 'support' },
    });
    const json = { token: (invite.body as { token: string }).token, name: 'Race', password: PASSWORD };
    const answers = await Promise.all([1, 2, 3].map(() => t.call('POST', '/api/admin/invites/accept', { json })));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 400, 400]);
    expect(await t.db.selectFrom('staff').select('id').where('email', '=', email).execute()).toHaveLength(1);
  });
});

describe('staff accounts: owners change roles and disable; the last owner stays', () => {
  test('the list has no password, key or recovery code', async () => {
    await team();
    const res = await t.call('GET', '/api/admin/staff', { token: ownerToken });
    expect(res.status).toBe(200);
    const list = res.body as unknown[];
    for (const entry of list) expect(() => StaffAccountSchema.parse(entry)).not.toThrow();
    const rows = await t.db.selectFrom('staff').selectAll().execute();
    const text = JSON.stringify(res.body);
    for (const row of rows) {
      expect(text).not.toContain(row.totp_secret);
      expect(text).not.toContain(row.password_hash);
    }
    for (const code of owner.codes) expect(text).not.toContain(code);
  });

  test('disabling ends the sessions at once and refuses logins with the one message; enabling lets them back', async () => {
    await team();
    const member = await invited(t, ownerToken, 'support');
    const token = await signIn(t, member);
    const off = await t.call('PATCH', `/api/admin/staff/${member.id}`, { token: ownerToken, json: { disabled: true } });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ id: member.id, disabled_at: expect.any(String) });
    expect((await t.call('GET', '/api/admin/me', { token })).status).toBe(401);
    t.clock.advance(TOTP_STEP_SECONDS * 1000);
    const refused = await login(t, { email: member.email, password: PASSWORD, code: await codeOf(t, member) });
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ message: STAFF_LOGIN_REFUSED });
    const change = (await auditRows(t)).find((r) => r.action === 'staff.change' && r.entity_id === String(member.id));
    expect(JSON.parse(change?.before ?? '{}')).toEqual({ role: 'support', disabled_at: null });
    expect(JSON.parse(change?.after ?? '{}')).toMatchObject({ role: 'support', disabled_at: expect.any(String) });
    expect(change?.staff_id).toBe(owner.id);
    await t.call('PATCH', `/api/admin/staff/${member.id}`, { token: ownerToken, json: { disabled: false } });
    await signIn(t, member);
  });

  test('a demoted owner loses what owners may do at once, with the token they hold', async () => {
    await team();
    const second = await invited(t, ownerToken, 'owner');
    const secondToken = await signIn(t, second);
    expect((await t.call('GET', '/api/admin/staff', { token: secondToken })).status).toBe(200);
    const demoted = await t.call('PATCH', `/api/admin/staff/${second.id}`, {
      token: ownerToken,
      json: { role: 'manager' },
    });
    expect(demoted.body).toMatchObject({ role: 'manager' });
    expect((await t.call('GET', '/api/admin/staff', { token: secondToken })).status).toBe(403);
  });

  test.each<[string, unknown, number, string | undefined]>([
    ['an empty change', {}, 400, STAFF_CHANGE_EMPTY],
    ['an unknown role', { role: 'boss' }, 400, ROLE_UNKNOWN],
    ['disabled as text', { disabled: 'yes' }, 400, 'Disabled must be true or false.'],
    ['a list', [], 400, undefined],
  ])('%s is refused (%i) and changes nothing', async (_, json, status, message) => {
    await team();
    const before = await t.db.selectFrom('staff').selectAll().orderBy('id').execute();
    const res = await t.call('PATCH', `/api/admin/staff/${owner.id}`, { token: ownerToken, json });
    expect(res.status).toBe(status);
    if (message) expect(res.body).toMatchObject({ message });
    expect(await t.db.selectFrom('staff').selectAll().orderBy('id').execute()).toEqual(before);
  });

  test.each([
    ['/api/admin/staff/abc', 404],
    ['/api/admin/staff/0', 404],
    ['/api/admin/staff/99999999', 404],
  ])('PATCH %s → %i', async (path, status) => {
    await team();
    const res = await t.call('PATCH', path, { token: ownerToken, json: { role: 'support' } });
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ message: 'No such staff member.' });
  });

  test.each<[string, Record<string, string>, string | undefined, number]>([
    ['not JSON', { 'content-type': 'text/plain' }, 'role=owner', 415],
    ['broken JSON', { 'content-type': 'application/json' }, '{"role":', 400],
  ])('a body that is %s is refused (%i)', async (_, headers, body, status) => {
    await team();
    const res = await t.call('PATCH', `/api/admin/staff/${owner.id}`, { token: ownerToken, headers, body });
    expect(res.status).toBe(status);
  });
});

describe('the last owner', () => {
  const shop = appPerFile(() => makeTestApp(1));

  test('cannot be demoted or disabled; with a second owner who signs in, can', async () => {
    const first = await ownerFromCommandLine(shop);
    const firstToken = await signIn(shop, first);
    for (const json of [{ role: 'manager' }, { disabled: true }, { role: 'support', disabled: true }]) {
      const res = await shop.call('PATCH', `/api/admin/staff/${first.id}`, { token: firstToken, json });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ message: LAST_OWNER });
      expect((await auditRows(shop))[0]).toMatchObject({
        action: 'staff.change',
        outcome: 'denied',
        staff_id: first.id,
        note: LAST_OWNER,
      });
    }
    expect(
      await shop.db.selectFrom('staff').select(['role', 'disabled_at']).where('id', '=', first.id).executeTakeFirst(),
    ).toEqual({
      role: 'owner',
      disabled_at: null,
    });
    // An invited owner who never signed in does not count: they may never be able to.
    const pending = await invited(shop, firstToken, 'owner');
    expect(
      (await shop.call('PATCH', `/api/admin/staff/${first.id}`, { token: firstToken, json: { role: 'manager' } }))
        .status,
    ).toBe(409);
    await signIn(shop, pending);
    const demoted = await shop.call('PATCH', `/api/admin/staff/${first.id}`, {
      token: firstToken,
      json: { role: 'manager' },
    });
    expect(demoted.status).toBe(200);
    expect(demoted.body).toMatchObject({ role: 'manager' });
  });
});

describe('two owners demoting each other at once', () => {
  const shop = appPerFile(() => makeTestApp(1));

  test('one change goes through, the other is refused: an owner remains', async () => {
    const first = await ownerFromCommandLine(shop);
    const firstToken = await signIn(shop, first);
    const second = await invited(shop, firstToken, 'owner');
    const secondToken = await signIn(shop, second);
    const answers = await Promise.all([
      shop.call('PATCH', `/api/admin/staff/${second.id}`, { token: firstToken, json: { role: 'manager' } }),
      shop.call('PATCH', `/api/admin/staff/${first.id}`, { token: secondToken, json: { disabled: true } }),
    ]);
    // The other is refused by the last-owner rule (409), or, when one change came first, by what it
    // did to the other owner: demoted (403) or disabled, which ended their session (401). Either way
    // one owner remains.
    const [done, refused] = answers.map((r) => r.status).sort();
    expect(done).toBe(200);
    expect([401, 403, 409]).toContain(refused);
    const owners = await shop.db
      .selectFrom('staff')
      .select('id')
      .where('role', '=', 'owner')
      .where('disabled_at', 'is', null)
      .execute();
    expect(owners).toHaveLength(1);
  });
});

describe('logout', () => {
  test('revokes the token: later calls with it are refused; another session goes on', async () => {
    await team();
    const token = await signIn(t, owner);
    const other = await signIn(t, owner);
    expect((await t.call('POST', '/api/admin/logout', { token })).body).toEqual({ message: 'Logged out.' });
    expect((await t.call('GET', '/api/admin/me', { token })).status).toBe(401);
    expect((await t.call('POST', '/api/admin/logout', { token })).status).toBe(401);
    expect((await t.call('GET', '/api/admin/me', { token: other })).status).toBe(200);
  });
});

describe('the audit log', () => {
  test('owners read it in pages, newest first, with who did what, before and after', async () => {
    await team();
    const all = await t.call('GET', '/api/admin/audit?page_size=100', { token: ownerToken });
    expect(all.status).toBe(200);
    const page = AuditPageSchema.parse(all.body);
    expect(page.count).toBeGreaterThan(10);
    const ids = page.results.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const first = await t.call('GET', '/api/admin/audit?page=1&page_size=3', { token: ownerToken });
    const second = await t.call('GET', '/api/admin/audit?page=2&page_size=3', { token: ownerToken });
    const firstIds = (first.body as { results: { id: number }[] }).results.map((e) => e.id);
    const secondIds = (second.body as { results: { id: number }[] }).results.map((e) => e.id);
    expect(firstIds).toHaveLength(3);
    expect(Math.min(...firstIds)).toBeGreaterThan(Math.max(...secondIds));
    // The oldest entry: the owner made on the command line (no one acted, nowhere).
    const lastPage = Math.ceil(page.count / 100);
    const oldest = AuditPageSchema.parse(
      (await t.call('GET', `/api/admin/audit?page=${lastPage}&page_size=100`, { token: ownerToken })).body,
    ).results.at(-1);
    expect(oldest).toMatchObject({
      action: 'staff.create',
      staff: null,
      ip: null,
      entity: 'staff',
      entity_id: String(owner.id),
      before: null,
      after: { email: owner.email, name: 'Meera Iyer', role: 'owner' },
      outcome: 'done',
    });
    // A change names who made it, and the record before and after.
    expect(page.results.find((e) => e.action === 'staff.change' && e.outcome === 'done')).toMatchObject({
      staff: { id: owner.id, email: owner.email, name: 'Meera Iyer' },
      before: { role: expect.any(String), disabled_at: null },
      after: { role: expect.any(String) },
    });
    const text = JSON.stringify(page);
    const rows = await t.db.selectFrom('staff').select(['totp_secret', 'password_hash']).execute();
    for (const row of rows) {
      expect(text).not.toContain(row.totp_secret);
      expect(text).not.toContain(row.password_hash);
    }
  });

  test.each([
    ['page=0', 400],
    ['page=abc', 400],
    ['page_size=101', 400],
    ['page_size=0', 400],
    ['page=9999999', 400],
    ['page=999999', 200],
  ])('?%s → %i', async (query, status) => {
    await team();
    const res = await t.call('GET', `/api/admin/audit?${query}`, { token: ownerToken });
    expect(res.status).toBe(status);
  });

  test('entries are kept: the database refuses to change or delete them', async () => {
    await team();
    const [latest] = await auditRows(t);
    await expect(
      t.db.updateTable('audit_log').set({ note: 'changed' }).where('id', '=', latest!.id).execute(),
    ).rejects.toThrow(/audit log is kept/);
    await expect(t.db.deleteFrom('audit_log').where('id', '=', latest!.id).execute()).rejects.toThrow(
      /audit log is kept/,
    );
    expect((await auditRows(t))[0]).toEqual(latest);
  });
});

describe('staff sessions end after STAFF_TOKEN_TTL_HOURS', () => {
  test.each([
    ['the default (8 hours)', {}, 8],
    ['STAFF_TOKEN_TTL_HOURS=2', { STAFF_TOKEN_TTL_HOURS: '2' }, 2],
  ])('%s', async (_, variables, hours) => {
    const env = loadEnv({ JWT_SECRET: 's'.repeat(40), ...variables });
    const { staffTokenTtlSeconds } = accountsOptions(env);
    expect(staffTokenTtlSeconds).toBe(hours * 3600);
    const shop = await makeTestApp(1, { accounts: { staffTokenTtlSeconds } });
    try {
      const member = await ownerFromCommandLine(shop);
      const token = await signIn(shop, member);
      const me = await shop.call('GET', '/api/admin/me', { token });
      expect(Date.parse((me.body as { expires_at: string }).expires_at) - shop.clock.now()).toBeGreaterThan(
        hours * 3600_000 - 5000,
      );
      shop.clock.advance(hours * 3600_000 - 60_000);
      expect((await shop.call('GET', '/api/admin/me', { token })).status).toBe(200);
      shop.clock.advance(120_000);
      expect((await shop.call('GET', '/api/admin/me', { token })).status).toBe(401);
      // A shopper's session of the same shop lasts its own 48 hours.
      const shopper = await newUser(shop);
      shop.clock.advance(hours * 3600_000 + 60_000);
      expect((await shop.call('GET', '/api/common/profile/', { token: shopper.token })).status).toBe(200);
    } finally {
      await shop.close();
    }
  });

  test('an invitation expires after INVITE_HOURS', async () => {
    const shop = await makeTestApp(1);
    try {
      const first = await ownerFromCommandLine(shop);
      const token = await signIn(shop, first);
      const email = newEmail('late');
      const invite = await shop.call('POST', '/api/admin/staff/invites', { token, json: { email, role: 'support' } });
      shop.clock.advance(INVITE_HOURS * 3600_000 + 1000);
      const res = await shop.call('POST', '/api/admin/invites/accept', {
        json: { token: (invite.body as { token: string }).token, name: 'Late', password: PASSWORD },
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: INVITE_NOT_VALID });
      expect(
        await shop.db.selectFrom('staff').select('id').where('email', '=', email).executeTakeFirst(),
      ).toBeUndefined();
    } finally {
      await shop.close();
    }
  });
});

describe('staff login is throttled like shoppers’, and locked out only per the device-cookie rule', () => {
  // The throttles count on the system clock (rate-limiter-flexible reads Date.now), and so does
  // the test app's clock: moving Date.now moves both.
  let skew = 0;
  const realNow = Date.now.bind(Date);
  beforeAll(() => void vi.spyOn(Date, 'now').mockImplementation(() => realNow() + skew));
  afterAll(() => vi.restoreAllMocks());
  const shop = appPerFile(() => makeTestApp(1, { trustProxy: true, accounts: { limits: {} } }));
  const from = (address: string) => ({ 'x-forwarded-for': address });

  function deviceCookie(res: TestResponse): string {
    const cookie = /(gb_staff_device_\d+=[^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
    if (!cookie) throw new Error('No staff device cookie');
    return cookie;
  }

  test('5 wrong tries from one address: the 6th is refused (429), right or not; other addresses and the owner’s browser get in', async () => {
    const member = await ownerFromCommandLine(shop);
    const own = await login(
      shop,
      { email: member.email, password: PASSWORD, code: await codeOf(shop, member) },
      from('198.51.100.7'),
    );
    expect(own.status).toBe(200);
    const cookie = deviceCookie(own);
    expect(own.headers.get('set-cookie')).toMatch(/Path=\/api\/admin\/.*HttpOnly.*SameSite=Strict/i);

    const stranger = from('203.0.113.9');
    for (let i = 0; i < 5; i++) {
      const res = await login(shop, { email: member.email, password: `wrong ${i}`, code: '123456' }, stranger);
      expect(res.status).toBe(401);
    }
    skew += 2 * TOTP_STEP_SECONDS * 1000;
    const right = async () => ({ email: member.email, password: PASSWORD, code: await codeOf(shop, member) });
    const throttled = await login(shop, await right(), stranger);
    expect(throttled.status).toBe(429);
    expect(throttled.body).toEqual({ message: 'Too many attempts. Please try again later.' });
    const retry = Number(throttled.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(15 * 60);
    // The throttled try was neither checked nor logged.
    expect((await auditRows(shop)).filter((r) => r.action === 'staff.login' && r.outcome === 'denied')).toHaveLength(5);

    // The owner's own browser, even from the stranger's address, is counted by its device cookie alone.
    expect((await login(shop, await right(), { ...stranger, cookie })).status).toBe(200);
    skew += 2 * TOTP_STEP_SECONDS * 1000;
    expect((await login(shop, await right(), from('198.51.100.8'))).status).toBe(200);

    // A window later the stranger's address may try again.
    skew += 15 * 60 * 1000 + 1000;
    expect((await login(shop, await right(), stranger)).status).toBe(200);
  });

  test('a shopper’s device cookie counts for nothing at the staff login', async () => {
    const member = await ownerFromCommandLine(shop, newEmail('cookie'));
    const stranger = from('203.0.113.77');
    for (let i = 0; i < 5; i++) await login(shop, { email: member.email, password: 'wrong', code: '123456' }, stranger);
    const right = { email: member.email, password: PASSWORD, code: await codeOf(shop, member) };
    // A shopper's device cookie for the same id, validly signed, under either cookie name.
    const shopperCookie = newDeviceCookie(TEST_SECRET, member.id);
    for (const cookie of [`gb_device_${member.id}=${shopperCookie}`, `gb_staff_device_${member.id}=${shopperCookie}`]) {
      expect((await login(shop, right, { ...stranger, cookie })).status).toBe(429);
    }
  });
});
