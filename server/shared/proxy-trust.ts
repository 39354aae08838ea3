import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import proxyaddr from 'proxy-addr';

/** What an address may look like: IPv4, IPv6 (possibly IPv4-mapped), nothing else. */
const ADDRESS = /^[0-9a-fA-F:.]{2,45}$/;

/**
 * Which proxies the shop believes about the client's address (TRUST_PROXY), as Express's
 * `trust proxy` does: `false` none (the socket's peer is the client); `true` or a number N, the
 * N proxies in front, whoever they are (`true` is one); a list of addresses and CIDR ranges (and
 * proxy-addr's names `loopback`, `linklocal`, `uniquelocal`), only those proxies.
 *
 * A count believes whoever connects: with `1`, a client that reaches the port directly (not
 * through the proxy) writes its own X-Forwarded-For and picks the address every per-address
 * throttle counts it under. A list believes an X-Forwarded-For entry only when it was appended by
 * one of the listed proxies, so a direct client is known by its socket address.
 */
export type TrustProxy = boolean | number | readonly string[];

type TrustFunction = (address: string, hop: number) => boolean;

const compiled = new WeakMap<readonly string[], TrustFunction>();

/** The trust function proxy-addr walks X-Forwarded-For with (hop 0 is the socket's peer). */
function trustFunction(trust: TrustProxy): TrustFunction {
  if (trust === false) return () => false;
  if (trust === true) return (_, hop) => hop < 1;
  if (typeof trust === 'number') return (_, hop) => hop < trust;
  let fn = compiled.get(trust);
  if (!fn) {
    fn = proxyaddr.compile([...trust]);
    compiled.set(trust, fn);
  }
  return fn;
}

/**
 * TRUST_PROXY as written: '0' none, '1' (or another count) that many proxies in front,
 * otherwise addresses and CIDR ranges separated by commas. Throws with the reason for anything else.
 */
export function parseTrustProxy(value: string): TrustProxy {
  const text = value.trim();
  if (text === '' || text === '0') return false;
  if (text === '1') return true;
  if (/^\d{1,2}$/.test(text)) return Number(text);
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  // Throws a TypeError naming the entry that is neither an address, a range nor a known name.
  proxyaddr.compile(entries);
  return entries;
}

/** The socket's peer, or 'unknown' (in-process requests in tests have no socket). */
function socketAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * The client's network address, the key of per-address throttles: the socket's peer, or, when
 * it is a trusted proxy, the X-Forwarded-For entry it appended, and so on leftwards while each
 * hop is trusted (proxy-addr's walk). Entries no trusted proxy appended come from the client and
 * are never believed; an entry that is not an address falls back to the socket's peer.
 */
export function clientAddress(c: Context, trust: TrustProxy): string {
  const socket = socketAddress(c);
  const forwarded = c.req.header('x-forwarded-for');
  if (trust === false || !forwarded) return socket;
  const request = { headers: { 'x-forwarded-for': forwarded }, socket: { remoteAddress: socket } };
  const address = proxyaddr(request as unknown as Parameters<typeof proxyaddr>[0], trustFunction(trust));
  return ADDRESS.test(address) ? address : socket;
}

/** True when the socket's peer is a proxy the shop believes (its X-Forwarded-Proto too). */
export function peerIsTrustedProxy(c: Context, trust: TrustProxy): boolean {
  return trust !== false && trustFunction(trust)(socketAddress(c), 0);
}
