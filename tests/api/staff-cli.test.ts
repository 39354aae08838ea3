import { describe, expect, test } from 'vitest';
import { runShopCommand } from '../../server/services/orders/commands';
import { runStaffCommand, type PasswordInput } from '../../server/services/staff/commands';
import { appPerFile, makeTestApp } from './helpers';

const t = appPerFile(() => makeTestApp(3));

const PASSWORD = 'kitchen shelf 42';
let serial = 0;
const newEmail = () => `staff-cli-${process.pid}-${(serial += 1)}@gharbazaar.in`;

/** How the password arrives: piped on standard input, typed on a terminal (each answer in turn), or no terminal at all. */
type Typed = { stdin: string } | { typed: string[] } | { noTerminal: true };

/** Runs `npm run shop -- staff:…` in-process; answers its exit code and what it printed. */
async function shop(args: string[], how: Typed = { stdin: `${PASSWORD}\n` }) {
  const out: string[] = [];
  const err: string[] = [];
  const prompts: string[] = [];
  const typed = 'typed' in how ? [...how.typed] : [];
  const input: PasswordInput = {
    readStdin: async () => ('stdin' in how ? how.stdin : ''),
    askHidden:
      'noTerminal' in how
        ? null
        : async (prompt) => {
            prompts.push(prompt);
            return typed.shift() ?? '';
          },
  };
  const code = await runStaffCommand(
    t.db,
    args,
    { out: (l) => out.push(l), err: (l) => err.push(l) },
    input,
    t.clock.now,
  );
  return { code, out: out.join('\n'), err: err.join('\n'), prompts };
}

const staffRow = (email: string) => t.db.selectFrom('staff').selectAll().where('email', '=', email).executeTakeFirst();
const staffCount = async () => (await t.db.selectFrom('staff').select('id').execute()).length;

describe('npm run shop -- staff:create', () => {
  test('with --password-stdin: an owner with a hashed password, a key and ten recovery codes, printed once', async () => {
    const email = newEmail();
    const res = await shop([
      'staff:create',
      '--email',
      email.toUpperCase(),
      '--role',
      'owner',
      '--name',
      'Asha Rao',
      '--password-stdin',
    ]);
    expect(res.code, res.err).toBe(0);
    const row = await staffRow(email);
    expect(row).toMatchObject({ email, name: 'Asha Rao', role: 'owner', created_by: null, totp_confirmed_at: null });
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);
    expect(res.out).toContain(`Created owner Asha Rao <${email}>`);
    expect(res.out).toContain(`Key: ${row?.totp_secret}`);
    expect(res.out).toMatch(/otpauth:\/\/totp\/GharBazaar%20staff:/);
    const codes = res.out.match(/^ {2}[0-9a-z]{4}(?:-[0-9a-z]{4}){3}$/gm) ?? [];
    expect(codes).toHaveLength(10);
    expect(JSON.parse(row?.recovery_codes ?? '[]')).toHaveLength(10);
    for (const code of codes) expect(row?.recovery_codes).not.toContain(code.trim());
    expect(res.out).not.toContain(PASSWORD);
    const audit = await t.db.selectFrom('audit_log').selectAll().where('entity_id', '=', String(row?.id)).execute();
    expect(audit).toMatchObject([{ action: 'staff.create', staff_id: null, outcome: 'done', ip: null }]);
    expect(JSON.parse(audit[0]?.after ?? '{}')).toEqual({ email, name: 'Asha Rao', role: 'owner' });
  });

  test('on a terminal the password is asked twice, and the name defaults to the e-mail’s name', async () => {
    const email = newEmail();
    const res = await shop(['staff:create', '--email', email, '--role', 'manager'], { typed: [PASSWORD, PASSWORD] });
    expect(res.code, res.err).toBe(0);
    expect(res.prompts).toEqual(['Password: ', 'Password again: ']);
    expect(await staffRow(email)).toMatchObject({ role: 'manager', name: email.split('@')[0] });
  });

  test.each<[string, string[], Typed, RegExp]>([
    ['two different passwords', ['--role', 'owner'], { typed: [PASSWORD, `${PASSWORD}!`] }, /The two passwords differ/],
    [
      'no terminal and no --password-stdin',
      ['--role', 'owner'],
      { noTerminal: true },
      /pipe it in with --password-stdin/,
    ],
    ['nothing piped in', ['--role', 'owner', '--password-stdin'], { stdin: '\n' }, /No password on standard input/],
    [
      'a short password',
      ['--role', 'owner', '--password-stdin'],
      { stdin: 'abc\n' },
      /Password must be at least 8 characters/,
    ],
    ['a common password', ['--role', 'owner', '--password-stdin'], { stdin: 'password123\n' }, /too common/i],
    [
      'one character repeated',
      ['--role', 'owner', '--password-stdin'],
      { stdin: 'zzzzzzzzzz\n' },
      /Password cannot be one character repeated/,
    ],
    ['the password as an argument', ['--role', 'owner', '--password', PASSWORD], { stdin: '' }, /never an argument/],
    [
      'an unknown role',
      ['--role', 'admin', '--password-stdin'],
      { stdin: PASSWORD },
      /Role must be one of: owner, manager, support/,
    ],
    ['a role in capitals', ['--role', 'Owner', '--password-stdin'], { stdin: PASSWORD }, /Role must be one of/],
    ['no role', ['--password-stdin'], { stdin: PASSWORD }, /needs --email and --role/],
    ['an unknown option', ['--role', 'owner', '--admin'], { stdin: PASSWORD }, /Unknown option '--admin'/],
  ])('refuses %s and creates nothing', async (_, args, how, message) => {
    const before = await staffCount();
    const email = newEmail();
    const res = await shop(['staff:create', '--email', email, ...args], how);
    expect(res.code).toBe(1);
    expect(res.err).toMatch(message);
    expect(await staffCount()).toBe(before);
    expect(await staffRow(email)).toBeUndefined();
  });

  test.each([
    ['not an e-mail', 'asha.gharbazaar.in', /--email: Not an e-mail address/],
    ['no e-mail', '', /--email: The e-mail is required/],
  ])('refuses %s', async (_, email, message) => {
    const before = await staffCount();
    const res = await shop(['staff:create', '--email', email, '--role', 'support', '--password-stdin']);
    expect(res.code).toBe(1);
    expect(res.err).toMatch(message);
    expect(await staffCount()).toBe(before);
  });

  test('an e-mail that has an account already, in any case, is refused', async () => {
    const email = newEmail();
    expect((await shop(['staff:create', '--email', email, '--role', 'owner', '--password-stdin'])).code).toBe(0);
    const again = await shop(['staff:create', '--email', email.toUpperCase(), '--role', 'support', '--password-stdin']);
    expect(again.code).toBe(1);
    expect(again.err).toContain('This e-mail already has a staff account.');
    expect(await staffRow(email)).toMatchObject({ role: 'owner' });
  });

  test('an unknown staff command prints its usage; the order commands list it too', async () => {
    const res = await shop(['staff:delete']);
    expect(res.code).toBe(2);
    expect(res.err).toContain("Unknown command 'staff:delete'");
    expect(res.err).toContain('staff:create --email');
    const err: string[] = [];
    const code = await runShopCommand(t.db, { staffMove: async () => Promise.reject(new Error('unused')) }, [], {
      out: () => undefined,
      err: (l) => err.push(l),
    });
    expect(code).toBe(2);
    expect(err.join('\n')).toMatch(/order:list[\s\S]*staff:create --email/);
  });
});
