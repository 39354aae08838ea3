import { clientAddress, peerIsTrustedProxy, parseTrustProxy, type TrustProxy } from '../shared/proxy-trust';

/** Who the client is (the proxy rule lives in server/shared/proxy-trust.ts, which services share). */
export { clientAddress, peerIsTrustedProxy, parseTrustProxy, type TrustProxy };

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
