import readline from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import type { z } from 'zod';
import { emailField } from '../../../contract/schemas/auth';
import { roleField, staffNameField, staffPasswordField } from '../../../contract/schemas/staff';
import { ROLE_LABELS } from '../../../contract/staff';
import type { Db } from '../../db';
import { DomainError } from '../errors';
import type { CommandOutput } from '../orders/commands';
import { createStaffAccount } from './accounts';

export const STAFF_USAGE = [
  '  staff:create --email <e-mail> --role <owner|manager|support> [--name <name>] [--password-stdin]',
  '                                          open a staff account (the first owner; owners invite the rest):',
  '                                          the password is asked twice on the terminal, or read from',
  '                                          standard input with --password-stdin, never an argument; the',
  '                                          second factor and recovery codes are printed once',
].join('\n');

/** Where a staff command reads the password from. */
export interface PasswordInput {
  /** Everything on standard input (for --password-stdin). */
  readStdin(): Promise<string>;
  /** Asks on the terminal without showing what is typed; null when there is no terminal. */
  askHidden: ((prompt: string) => Promise<string>) | null;
}

/** A staff command that cannot be done; its message says why and what to do. */
class StaffCommandError extends Error {}

/** True for the commands this module runs (`staff:…`). */
export function isStaffCommand(command: string | undefined): boolean {
  return command?.startsWith('staff:') ?? false;
}

/** `value` checked with `schema`, or the schema's own message (after `what`, when given) as a StaffCommandError. */
function checked<S extends z.ZodType>(schema: S, value: unknown, what?: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const message = parsed.error.issues[0]?.message ?? 'Not valid.';
  throw new StaffCommandError(`${what ? `${what}: ` : ''}${message} Nothing was created.`);
}

/** The password piped in: one trailing line break is the pipe's, not the password's. */
export function passwordFromStdin(text: string): string {
  return text.replace(/\r?\n$/, '');
}

async function readPassword(input: PasswordInput, fromStdin: boolean): Promise<string> {
  if (fromStdin) {
    const password = passwordFromStdin(await input.readStdin());
    if (!password) throw new StaffCommandError('No password on standard input. Nothing was created.');
    return password;
  }
  if (!input.askHidden) {
    throw new StaffCommandError('No terminal to ask for the password on: pipe it in with --password-stdin.');
  }
  const first = await input.askHidden('Password: ');
  const again = await input.askHidden('Password again: ');
  if (first !== again) throw new StaffCommandError('The two passwords differ. Nothing was created.');
  return first;
}

const OPTIONS = {
  email: { type: 'string' },
  role: { type: 'string' },
  name: { type: 'string' },
  'password-stdin': { type: 'boolean', default: false },
} as const;

async function createCommand(db: Db, args: string[], io: CommandOutput, input: PasswordInput, now: () => number) {
  let values;
  try {
    ({ values } = parseArgs({ args, options: OPTIONS, strict: true, allowPositionals: false }));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/--password\b(?!-stdin)/.test(message)) {
      throw new StaffCommandError(
        'The password is never an argument (it would stay in the shell history and the process list): ' +
          'type it when asked, or pipe it in with --password-stdin.',
      );
    }
    throw new StaffCommandError(`${message}\nUsage:\n${STAFF_USAGE}`);
  }
  if (values.email === undefined || values.role === undefined) {
    throw new StaffCommandError(`staff:create needs --email and --role.\nUsage:\n${STAFF_USAGE}`);
  }
  const email = checked(emailField('The e-mail is required.', 'Not an e-mail address.'), values.email, '--email');
  const role = checked(roleField, values.role, '--role');
  const name = checked(staffNameField, values.name ?? email.split('@')[0], '--name');
  const password = checked(staffPasswordField, await readPassword(input, values['password-stdin']));
  let enrolment;
  try {
    enrolment = await createStaffAccount(db, now, { email, name, role, password });
  } catch (error) {
    if (error instanceof DomainError) throw new StaffCommandError(`${email}: ${error.message} Nothing was created.`);
    throw error;
  }
  io.out(
    `Created ${ROLE_LABELS[role].toLowerCase()} ${enrolment.staff.name} <${email}> (staff #${enrolment.staff.id}).`,
  );
  io.out('');
  io.out('Second factor: add this key to an authenticator app (Google Authenticator, 1Password, …):');
  io.out(`  Key: ${enrolment.totp.secret}`);
  io.out(`  Or as a QR code of: ${enrolment.totp.otpauth_url}`);
  io.out('');
  io.out('Recovery codes: each works once in place of a code. They are not shown again: keep them safe.');
  for (const code of enrolment.recovery_codes) io.out(`  ${code}`);
  io.out('');
  io.out('Sign in at /admin/login with the password and a code from the app: that first code confirms the key.');
}

/** Runs one staff command (`staff:create`); answers the process exit code. */
export async function runStaffCommand(
  db: Db,
  args: string[],
  io: CommandOutput,
  input: PasswordInput,
  now: () => number = Date.now,
): Promise<number> {
  const [command, ...rest] = args;
  try {
    if (command === 'staff:create') {
      await createCommand(db, rest, io, input, now);
      return 0;
    }
    io.err(`Unknown command '${command}'.\nUsage:\n${STAFF_USAGE}`);
    return 2;
  } catch (error) {
    if (error instanceof StaffCommandError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  }
}

/** Everything on this process's standard input, as text. */
export async function readProcessStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Asks on this process's terminal without echoing what is typed: readline writes the prompt,
 * then its output is muted while the answer is typed. Ctrl+C cancels.
 */
export function askHiddenOnTerminal(prompt: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer, encoding, callback) {
      if (!muted) process.stdout.write(chunk, encoding);
      callback();
    },
  });
  const rl = readline.createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve, reject) => {
    rl.on('SIGINT', () => {
      rl.close();
      process.stdout.write('\n');
      reject(new StaffCommandError('Cancelled. Nothing was created.'));
    });
    rl.question(prompt, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
    muted = true;
  });
}

/** Where `npm run shop` reads a staff password: the terminal when it has one, standard input when asked. */
export function processPasswordInput(): PasswordInput {
  return { readStdin: readProcessStdin, askHidden: process.stdin.isTTY ? askHiddenOnTerminal : null };
}
