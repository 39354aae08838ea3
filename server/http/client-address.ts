import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** What an address may look like: IPv4, IPv6 (possibly IPv4-mapped), nothing else. */
const ADDRESS = /^[0-9a-fA-F:.]{2,45}$/;

/**
 * The client's network address, the key of per-address throttles. Behind one trusted proxy
 * (`trustProxy`) it is the last X-Forwarded-For entry: the one that proxy appended. Earlier
 * entries come from the client and could be forged to dodge a throttle. In-process requests
 * (tests) have no socket and answer 'unknown'.
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for');
    const last = forwarded?.split(',').at(-1)?.trim();
    if (last && ADDRESS.test(last)) return last;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * The key a per-address throttle counts under: an IPv4 address as is (also when IPv4-mapped),
 * an IPv6 address by its /64 network, since one subscriber usually holds a whole /64.
 */
export function throttleKey(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)?.[1];
  if (mapped) return mapped;
  if (!address.includes(':')) return address;
  const [head, tail] = address.toLowerCase().split('::', 2);
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail === undefined ? [] : tail ? tail.split(':') : [];
  const missing = Math.max(0, 8 - headGroups.length - tailGroups.length);
  const groups = [...headGroups, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
