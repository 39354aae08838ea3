import pg from 'pg';

/**
 * PostgreSQL as the shop's database: the pool the Kysely dialect draws from, with the column
 * types read as the repositories expect them on SQLite too.
 */

/** The OIDs of PostgreSQL's 64-bit integer and arbitrary-precision number types. */
const INT8_OID = 20;
const NUMERIC_OID = 1700;

/**
 * Counts and sums come back as `bigint` (int8), averages as `numeric`: pg hands both over as
 * text to keep every digit. The shop's are far below 2^53 (sums of paise, counts of rows), so
 * they are read as numbers, as SQLite gives them; a value that would lose digits is refused.
 */
function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`A database integer is too large to read exactly: ${text}`);
  return value;
}

const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === INT8_OID) return parseInt8;
    if (oid === NUMERIC_OID) return Number;
    return pg.types.getTypeParser(oid, format);
  }) as pg.CustomTypesConfig['getTypeParser'],
};

export interface PostgresOptions {
  /** Connections the process may hold at once (DATABASE_POOL_SIZE). */
  poolSize?: number;
  /** A schema to work in instead of `public` (each API test file has its own). */
  schema?: string;
  /** Called with a pool error that no query was waiting on (a dropped idle connection). */
  onIdleError?: (error: Error) => void;
}

/** Longest wait for a connection: past it the request fails (503) rather than hanging. */
const CONNECT_TIMEOUT_MS = 5_000;
/** Longest a statement may run; no query of the shop comes near it. */
const STATEMENT_TIMEOUT_MS = 30_000;

/** A pool of connections to `url`, reading int8 and numeric as numbers and every time in UTC. */
export function createPool(url: string, options: PostgresOptions = {}): pg.Pool {
  const settings = [`-c TimeZone=UTC`, `-c statement_timeout=${STATEMENT_TIMEOUT_MS}`];
  if (options.schema) settings.push(`-c search_path=${quoteIdentifier(options.schema)}`);
  // `options` (server settings sent at connect) is read by pg but missing from its types.
  const config: pg.PoolConfig & { options: string } = {
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
    application_name: 'gharbazaar',
    options: settings.join(' '),
    types,
  };
  const pool = new pg.Pool(config);
  // A connection that drops while idle (the server restarted) is reported here; without a
  // listener it would end the process. The pool replaces it on the next query by itself.
  pool.on('error', (error) => options.onIdleError?.(error));
  // One that drops while lent out (a transaction between two statements, or a query whose
  // 57P01 arrived just before the socket closed) emits 'error' on itself, where pg-pool listens
  // only while it is idle: unheard, that error would end the process. The request holding it
  // already has the error (its query fails, 503), and the pool discards the connection when it
  // is given back, so nothing more is done with it here.
  pool.on('connect', (client) => client.on('error', ignoreLentConnectionError));
  return pool;
}

/** See `createPool`: the error reaches the request through its query. */
function ignoreLentConnectionError(): void {}

/** `name` as a quoted SQL identifier. */
export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** `url` with its password replaced by `***`, for messages and logs. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url.replace(/\/\/([^:/@]*):[^@]*@/, '//$1:***@');
  }
}

/** The database name a postgres:// URL names (`postgres`' default: the user's name). */
export function databaseName(url: string): string {
  const parsed = new URL(url);
  const name = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  return name || decodeURIComponent(parsed.username) || 'postgres';
}

/** PostgreSQL's SQLSTATE for "database does not exist". */
const NO_SUCH_DATABASE = '3D000';

/**
 * Connects once to make sure `url` answers, creating its database when the server has none of
 * that name (a first start, as SQLite creates its file). Throws the driver's error otherwise.
 */
export async function ensureDatabase(url: string): Promise<{ created: boolean }> {
  const probe = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  try {
    await probe.connect();
    return { created: false };
  } catch (error) {
    if ((error as { code?: string }).code !== NO_SUCH_DATABASE) throw error;
  } finally {
    await probe.end().catch(() => undefined);
  }
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const admin = new pg.Client({
    connectionString: maintenance.toString(),
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${quoteIdentifier(databaseName(url))}`);
    return { created: true };
  } catch (error) {
    // Two processes starting at once: the other one created it (duplicate_database, or the
    // catalogue's unique index when both got that far).
    const code = (error as { code?: string }).code;
    if (code === '42P04' || code === '23505') return { created: false };
    throw error;
  } finally {
    await admin.end().catch(() => undefined);
  }
}

/** SQLSTATE classes and driver codes that mean "the database is not reachable right now". */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
  '57P01', // admin_shutdown: the server is restarting
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
]);

/** Messages of pg's own failures that carry no code. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection ended unexpectedly',
];

/** True when `error` says PostgreSQL could not be reached or went away mid-query. */
export function isPostgresUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
  return UNAVAILABLE_MESSAGES.some((m) => error.message.includes(m));
}
