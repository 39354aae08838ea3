import fs from 'node:fs';
import autocannon from 'autocannon';
import { BUDGETS } from './budgets';
import { fmt, info, judged, type Cell, type Table } from './report';

/** Seconds each load runs, after a short warm-up for the reads. */
const DURATION_S = 10;
const WARMUP_S = 2;
const READ_CONNECTIONS = 50;
const READ_LOAD = `${READ_CONNECTIONS} connections, ${DURATION_S} s`;
/** Cart writers: one shopper per connection, so no two connections touch the same cart. */
const CART_WRITERS = 10;

/** What a browser sends: the API answers compressed when asked, as for the storefront. */
const BROWSER_HEADERS = { accept: 'application/json', 'accept-encoding': 'br, gzip' };

/**
 * `catalogue`: the reads the storefront makes, held to the budget. `bulk`: the whole catalogue in
 * one answer, which no page asks for; shown for reference. The cart kinds are the logged-in calls.
 */
export type ApiKind = 'catalogue' | 'bulk' | 'cart-write' | 'cart-read';

/**
 * A way of running the shop in the comparison of bench/setups.ts, which loads each with the
 * main catalogue read and the cart writes only: `sqlite-1` is the main bench shop again.
 */
export type ApiSetup = 'sqlite-1' | 'postgres-1' | 'postgres-2' | 'sqlite-2';

/** One endpoint under load. */
export interface ApiResult {
  /** Absent for the main bench shop's rows, which are held to the budgets. */
  setup?: ApiSetup;
  /** Rounds of the set-up comparison; each figure is the median over them (the counts, their sum). */
  rounds?: number;
  name: string;
  kind: ApiKind;
  load: string;
  available: boolean;
  /** Why the endpoint was not measured. */
  reason?: string;
  requestsPerSecond?: number;
  p50Ms?: number;
  p99Ms?: number;
  non2xx?: number;
  errors?: number;
  statusCodes?: Record<string, number>;
  /** Share of one core the shop's processes (the shop and every process below it) used during the load (Linux only). */
  serverCpuPercent?: number;
  /** Share of one core PostgreSQL's backends for the shop's database used during the load (Linux only). */
  databaseCpuPercent?: number;
  /** Average answer size on the wire. */
  bytesPerAnswer?: number;
}

/** Clock ticks per second of /proc/{pid}/stat on Linux. */
const CLOCK_TICKS = 100;

/** The fields of /proc/{pid}/stat after the command's closing parenthesis, or null when it is gone. */
function statFields(pid: number): string[] | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** Every process's parent, read from /proc. */
function parents(): Map<number, number> {
  const parentOf = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const parent = Number(statFields(Number(entry))?.[1]);
    if (Number.isInteger(parent)) parentOf.set(Number(entry), parent);
  }
  return parentOf;
}

/**
 * `pid` and every process below it (a cluster's workers, tsx's esbuild), found through each
 * process's parent: the kernel here has no /proc/{pid}/task/{tid}/children.
 */
function processTree(pid: number, parentOf: Map<number, number>): number[] {
  const children = new Map<number, number[]>();
  for (const [child, parent] of parentOf) children.set(parent, [...(children.get(parent) ?? []), child]);
  const tree = [pid];
  for (let i = 0; i < tree.length; i += 1) tree.push(...(children.get(tree[i] ?? 0) ?? []));
  return tree;
}

/** The PostgreSQL backends connected to `database`: their title is `postgres: … <user> <database> <client> <state>`. */
function databaseBackends(pids: Iterable<number>, database: string): number[] {
  return [...pids].filter((pid) => {
    try {
      const title = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      return title.startsWith('postgres: ') && title.split(' ').includes(database);
    } catch {
      return false;
    }
  });
}

/** Whose CPU time a load counts: the shop's processes and, on PostgreSQL, the backends serving its database. */
export interface Watched {
  pid: number;
  database?: string;
}

/** CPU seconds used so far, by pid. */
type CpuUse = Record<'shop' | 'database', Map<number, number>>;

/**
 * CPU seconds used so far by the watched processes, or null where /proc is not there. A process
 * that starts during a load counts from its start; one that ends during it is not counted.
 */
function cpuSeconds({ pid, database }: Watched): CpuUse | null {
  if (!fs.existsSync(`/proc/${pid}/stat`)) return null;
  const parentOf = parents();
  const read = (pids: number[]) => {
    const used = new Map<number, number>();
    for (const member of pids) {
      const fields = statFields(member);
      // utime and stime are the 14th and 15th fields, the 12th and 13th after the parenthesis.
      if (fields) used.set(member, (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS);
    }
    return used;
  };
  return {
    shop: read(processTree(pid, parentOf)),
    database: read(database ? databaseBackends(parentOf.keys(), database) : []),
  };
}

interface Measured {
  result: autocannon.Result;
  cpuPercent?: number;
  databaseCpuPercent?: number;
}

/** Runs a load and notes how busy the shop's processes (and its database's) were meanwhile (Linux only). */
async function measured(watched: Watched, options: autocannon.Options): Promise<Measured> {
  const before = cpuSeconds(watched);
  const started = performance.now();
  const result = await run(options);
  const after = cpuSeconds(watched);
  const wall = (performance.now() - started) / 1000;
  if (before === null || after === null) return { result };
  const percent = (kind: keyof CpuUse) => {
    let used = 0;
    for (const [member, seconds] of after[kind]) used += seconds - (before[kind].get(member) ?? 0);
    return (used / wall) * 100;
  };
  return {
    result,
    cpuPercent: percent('shop'),
    databaseCpuPercent: watched.database ? percent('database') : undefined,
  };
}

interface Shopper {
  email: string;
  token: string;
}

async function json(response: Response): Promise<Record<string, unknown>> {
  return (await response.json().catch(() => ({}))) as Record<string, unknown>;
}

async function createShopper(origin: string, n: number): Promise<Shopper> {
  const id = `${Date.now().toString(36)}-${process.pid}-${n}`;
  const email = `bench-${id}@example.in`;
  const password = 'bench-masala-42';
  const phone = `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  const signup = await fetch(`${origin}/api/common/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ first_name: 'Bench', last_name: 'Shopper', phone_number: phone, email, password }),
  });
  if (signup.status !== 201)
    throw new Error(`Sign-up answered ${signup.status}: ${JSON.stringify(await json(signup))}`);
  const login = await fetch(`${origin}/api/common/userlogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = await json(login);
  const token = (body.data as { tokens?: { access?: string } } | undefined)?.tokens?.access;
  if (!login.ok || !token) throw new Error(`Login answered ${login.status}: ${JSON.stringify(body)}`);
  return { email, token };
}

async function variantIds(origin: string, count: number): Promise<number[]> {
  const response = await fetch(`${origin}/api/common/products/?page=1&page_size=50`);
  const body = (await response.json()) as { results: { variants: { id: number }[] }[] };
  const ids = body.results.flatMap((p) => p.variants.map((v) => v.id));
  if (ids.length < count) throw new Error(`The catalogue has ${ids.length} variants in its first page, not ${count}`);
  return ids.slice(0, count);
}

/** `list[n % list.length]`: the shoppers and variants the load cycles through, which are never empty. */
function nth<T>(list: readonly T[], n: number): T {
  const item = list[n % list.length];
  if (item === undefined) throw new Error('Nothing to cycle through: the list is empty');
  return item;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function addRequest(origin: string, token: string, variantId: number): Promise<Response> {
  return fetch(`${origin}/api/common/cart/add/`, {
    method: 'POST',
    headers: { ...bearer(token), 'content-type': 'application/json' },
    body: JSON.stringify({ variant_id: variantId, quantity: 1 }),
  });
}

/**
 * Whether the cart API answers: null when it does, else why not ("not available" when the
 * path does not exist yet). Leaves the probe's cart line removed.
 */
async function probeCart(origin: string, shopper: Shopper, variantId: number): Promise<string | null> {
  const added = await addRequest(origin, shopper.token, variantId);
  const body = await json(added);
  if (added.status === 404 && String(body.message ?? '').startsWith('No such API path')) {
    return 'not available (the cart API answers 404)';
  }
  if (!added.ok) return `cart/add answered ${added.status}: ${JSON.stringify(body)}`;
  const removed = await fetch(`${origin}/api/common/cart_delete/${variantId}/`, {
    method: 'DELETE',
    headers: bearer(shopper.token),
  });
  if (!removed.ok) return `cart_delete answered ${removed.status}: ${JSON.stringify(await json(removed))}`;
  return null;
}

function summarise(
  name: string,
  kind: ApiKind,
  load: string,
  { result, cpuPercent, databaseCpuPercent }: Measured,
): ApiResult {
  if (result.requests.total === 0) {
    throw new Error(`${name}: no answers at all (${result.errors} connection errors, ${result.timeouts} timeouts)`);
  }
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count ?? 0]),
  );
  return {
    name,
    kind,
    load,
    available: true,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    statusCodes,
    serverCpuPercent: cpuPercent,
    databaseCpuPercent,
    bytesPerAnswer: result.requests.total ? result.throughput.total / result.requests.total : undefined,
  };
}

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return autocannon({ timeout: 10, ...options });
}

/** The CPU shares of a load, for the progress lines. */
function cpuShares(r: ApiResult): string {
  const shop = r.serverCpuPercent === undefined ? '' : `, shop CPU ${fmt(r.serverCpuPercent)} %`;
  return shop + (r.databaseCpuPercent === undefined ? '' : `, PostgreSQL CPU ${fmt(r.databaseCpuPercent)} %`);
}

/** Catalogue reads at full speed from 50 connections. */
export async function benchRead(
  origin: string,
  watched: Watched,
  [name, path, kind]: CatalogueRead,
  log: (line: string) => void,
): Promise<ApiResult> {
  const url = `${origin}${path}`;
  await run({ url, connections: READ_CONNECTIONS, duration: WARMUP_S, headers: BROWSER_HEADERS });
  const load = await measured(watched, {
    url,
    connections: READ_CONNECTIONS,
    duration: DURATION_S,
    headers: BROWSER_HEADERS,
  });
  const summary = summarise(name, kind, READ_LOAD, load);
  log(`  ${name}: ${fmt(summary.requestsPerSecond ?? 0)} req/s, p99 ${summary.p99Ms} ms${cpuShares(summary)}`);
  return summary;
}

export type CatalogueRead = [name: string, path: string, kind: 'catalogue' | 'bulk'];

/** A category's products a page at a time: the storefront's main catalogue read (the build and the category grids). */
export const MAIN_CATALOGUE_READ: CatalogueRead = [
  'GET /api/common/products/?page=1&page_size=50',
  '/api/common/products/?page=1&page_size=50',
  'catalogue',
];

/** The catalogue calls a shopper's browser makes, and the whole-catalogue answer for reference. */
const CATALOGUE_READS: CatalogueRead[] = [
  MAIN_CATALOGUE_READ,
  // One subcategory's products unpaged (the search screen's `?sub_category=` form).
  ['GET /api/common/products/?sub_category=1', '/api/common/products/?sub_category=1', 'catalogue'],
  ['GET /api/common/products/1/', '/api/common/products/1/', 'catalogue'],
  ['GET /api/common/products_search/?search=rice', '/api/common/products_search/?search=rice', 'catalogue'],
  ['GET /api/common/products/ (whole catalogue)', '/api/common/products/', 'bulk'],
];

/**
 * Cart writes at a fixed overall rate: each connection is one shopper and alternates adding a
 * variant and deleting it again, so every write stays valid however long the load runs.
 */
async function benchCartWrites(
  origin: string,
  watched: Watched,
  shoppers: Shopper[],
  variants: number[],
): Promise<Measured> {
  let next = 0;
  const rate = BUDGETS.api.cartWriteRatePerSecond;
  return measured(watched, {
    url: origin,
    connections: shoppers.length,
    duration: DURATION_S,
    overallRate: rate,
    requests: [
      {
        method: 'POST',
        path: '/api/common/cart/add/',
        setupRequest: (request, context) => {
          // Context is per connection and fresh each time round the list: pick this round's line.
          const slot = next++;
          const c = context as { token: string; variant: number };
          c.token = nth(shoppers, slot).token;
          c.variant = nth(variants, Math.floor(slot / shoppers.length));
          return {
            ...request,
            headers: { ...BROWSER_HEADERS, ...bearer(c.token), 'content-type': 'application/json' },
            body: JSON.stringify({ variant_id: c.variant, quantity: 1 }),
          };
        },
      },
      {
        method: 'DELETE',
        setupRequest: (request, context) => {
          const c = context as { token: string; variant: number };
          return {
            ...request,
            path: `/api/common/cart_delete/${c.variant}/`,
            headers: { ...BROWSER_HEADERS, ...bearer(c.token) },
          };
        },
      },
    ],
  });
}

/** The cart loads' names and loads, as their rows show them. */
const CART_WRITE_NAME = 'POST cart/add/ + DELETE cart_delete/{id}/';
const CART_WRITE_LOAD = `${BUDGETS.api.cartWriteRatePerSecond} req/s, ${CART_WRITERS} connections, ${DURATION_S} s`;
const CART_READ_NAME = 'GET /api/common/cart/';

/** The loads every way of running the shop is compared on: the main catalogue read and the cart writes. */
export const MAIN_LOADS = [
  { name: MAIN_CATALOGUE_READ[0], kind: 'catalogue', load: READ_LOAD },
  { name: CART_WRITE_NAME, kind: 'cart-write', load: CART_WRITE_LOAD },
] as const;

/** Shoppers signed up and logged in, one per cart-writing connection, and the variants they add. */
export interface CartLoad {
  shoppers: Shopper[];
  variants: number[];
}

/** Signs up the cart's shoppers and checks the cart API answers: the load, or why it cannot run. */
export async function prepareCartLoad(origin: string): Promise<CartLoad | { missing: string }> {
  const shoppers: Shopper[] = [];
  for (let i = 0; i < CART_WRITERS; i += 1) shoppers.push(await createShopper(origin, i));
  const variants = await variantIds(origin, 40);
  const missing = await probeCart(origin, nth(shoppers, 0), nth(variants, 0));
  return missing ? { missing } : { shoppers, variants };
}

/** The cart-write row of a prepared load. */
export async function benchCartWriteRow(
  origin: string,
  watched: Watched,
  { shoppers, variants }: CartLoad,
  log: (line: string) => void,
): Promise<ApiResult> {
  const load = await benchCartWrites(origin, watched, shoppers, variants);
  const writes = summarise(CART_WRITE_NAME, 'cart-write', CART_WRITE_LOAD, load);
  const rate = `${fmt(writes.requestsPerSecond ?? 0)} req/s, p99 ${writes.p99Ms} ms`;
  log(`  cart writes: ${rate}, non-2xx ${writes.non2xx}${cpuShares(writes)}`);
  return writes;
}

/** Loads the API of a running shop: catalogue reads, then the cart (when it exists). */
export async function benchApi(origin: string, pid: number, log: (line: string) => void): Promise<ApiResult[]> {
  const watched = { pid };
  const results: ApiResult[] = [];
  for (const read of CATALOGUE_READS) results.push(await benchRead(origin, watched, read, log));

  const cart = await prepareCartLoad(origin);
  if ('missing' in cart) {
    log(`  cart: ${cart.missing}`);
    results.push({ ...MAIN_LOADS[1], available: false, reason: cart.missing });
    results.push({ name: CART_READ_NAME, kind: 'cart-read', load: READ_LOAD, available: false, reason: cart.missing });
    return results;
  }
  results.push(await benchCartWriteRow(origin, watched, cart, log));

  // A cart with a few lines, read by one shopper from many connections.
  const reader = nth(cart.shoppers, 0);
  for (const variant of cart.variants.slice(0, 3)) await addRequest(origin, reader.token, variant);
  const url = `${origin}/api/common/cart/`;
  const headers = { ...BROWSER_HEADERS, ...bearer(reader.token) };
  await run({ url, connections: READ_CONNECTIONS, duration: WARMUP_S, headers });
  const cartRead = summarise(
    CART_READ_NAME,
    'cart-read',
    READ_LOAD,
    await measured(watched, { url, connections: READ_CONNECTIONS, duration: DURATION_S, headers }),
  );
  log(`  cart read: ${fmt(cartRead.requestsPerSecond ?? 0)} req/s, p99 ${cartRead.p99Ms} ms`);
  results.push(cartRead);
  return results;
}

/** The API section's table: the main bench shop's rows, held to the budgets. */
export function apiTable(all: ApiResult[]): Table {
  const b = BUDGETS.api;
  const results = all.filter((r) => r.setup === undefined);
  const notes = [
    `autocannon against the shop on 127.0.0.1 (same 2-core machine), \`accept-encoding: br, gzip\` as a browser sends; ` +
      `reads after a ${WARMUP_S} s warm-up. Cart writes alternate add and delete per shopper (one shopper per connection). ` +
      `Shop CPU is the share of one core the shop's processes used during the load; the load generator shares the two cores.`,
  ];
  if (results.some((r) => r.kind === 'bulk')) {
    notes.push(
      'The whole catalogue in one answer is not asked for by any page (the storefront pages or filters); it is shown ' +
        'for reference and not held to the catalogue budget. Its answers are large, so the load generator parsing ' +
        'them, not the shop, sets its pace: compare the shop CPU column.',
    );
  }
  const rows = results.map((r): Cell[] => {
    const name = info(`\`${r.name}\``);
    if (!r.available) return [name, info(r.load), info(r.reason ?? 'not available'), ...Array(5).fill(info('–'))];
    const rps = fmt(r.requestsPerSecond ?? 0);
    const p50 = info(`${fmt(r.p50Ms ?? 0)} ms`);
    const p99 = `${fmt(r.p99Ms ?? 0)} ms`;
    const size = info(r.bytesPerAnswer === undefined ? '–' : `${fmt(r.bytesPerAnswer / 1024, 1)} KB`);
    const cpu = info(r.serverCpuPercent === undefined ? '–' : `${fmt(r.serverCpuPercent)} %`);
    const failures = (r.non2xx ?? 0) + (r.errors ?? 0);
    if (failures > 0)
      notes.push(`${r.name}: status codes ${JSON.stringify(r.statusCodes)}, ${r.errors} connection errors.`);
    const non2xx = judged(fmt(r.non2xx ?? 0) + (r.errors ? ` + ${r.errors} errors` : ''), '', failures === 0);
    if (r.kind === 'catalogue') {
      return [
        name,
        info(r.load),
        size,
        judged(
          rps,
          `≥ ${fmt(b.catalogueMinRequestsPerSecond)}`,
          (r.requestsPerSecond ?? 0) >= b.catalogueMinRequestsPerSecond,
        ),
        p50,
        judged(p99, `< ${b.catalogueMaxP99Ms} ms`, (r.p99Ms ?? Infinity) < b.catalogueMaxP99Ms),
        cpu,
        non2xx,
      ];
    }
    if (r.kind === 'cart-write') {
      return [
        name,
        info(r.load),
        size,
        info(rps),
        p50,
        judged(p99, `< ${b.cartWriteMaxP99Ms} ms`, (r.p99Ms ?? Infinity) < b.cartWriteMaxP99Ms),
        cpu,
        non2xx,
      ];
    }
    return [name, info(r.load), size, info(rps), p50, info(p99), cpu, non2xx];
  });
  return {
    title: 'API',
    columns: ['Endpoint', 'Load', 'Answer', 'Requests/s', 'p50', 'p99', 'Shop CPU', 'Non-2xx'],
    rows,
    notes,
  };
}
