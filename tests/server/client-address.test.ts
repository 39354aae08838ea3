import { Hono } from 'hono';
import { describe, expect, test } from 'vitest';
import { clientAddress, parseTrustProxy, throttleKey, type TrustProxy } from '../../server/http/client-address';

describe('throttleKey', () => {
  test.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['::FFFF:10.0.0.1', '10.0.0.1'],
    ['2001:db8:85a3:12:8a2e:370:7334:1', '2001:db8:85a3:12::/64'],
    ['2001:db8:85a3:12::1', '2001:db8:85a3:12::/64'],
    ['2001:0db8:0000:0012:ffff::2', '2001:db8:0:12::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['unknown', 'unknown'],
  ])('%s → %s', (address, key) => {
    expect(throttleKey(address)).toBe(key);
  });

  test('two addresses of one /64 share a key; neighbouring /64s do not', () => {
    expect(throttleKey('2001:db8:1:2::a')).toBe(throttleKey('2001:db8:1:2:ffff:ffff:ffff:ffff'));
    expect(throttleKey('2001:db8:1:2::a')).not.toBe(throttleKey('2001:db8:1:3::a'));
  });
});

/** The address a request is counted under, from a socket peer and the X-Forwarded-For it carries. */
async function addressSeen(trust: TrustProxy, peer: string, forwarded?: string): Promise<string> {
  const app = new Hono();
  app.get('/', (c) => c.text(clientAddress(c, trust)));
  const headers: Record<string, string> = forwarded === undefined ? {} : { 'x-forwarded-for': forwarded };
  const res = await app.request('/', { headers }, { incoming: { socket: { remoteAddress: peer } } });
  return res.text();
}

describe('TRUST_PROXY', () => {
  test.each<[string, TrustProxy]>([
    ['0', false],
    ['', false],
    ['1', true],
    ['2', 2],
    ['10.0.0.5', ['10.0.0.5']],
    ['10.0.0.0/8, 2001:db8::/32 ,loopback', ['10.0.0.0/8', '2001:db8::/32', 'loopback']],
  ])('%j is read as %j', (value, trust) => {
    expect(parseTrustProxy(value)).toEqual(trust);
  });

  test.each(['yes', '10.0.0.0/33', '10.0.0.300', 'proxy.internal'])('%j is refused', (value) => {
    expect(() => parseTrustProxy(value)).toThrow();
  });

  // The reproduction: with a count, whoever reaches the port directly names their own address.
  test('with 1, a client reaching the port directly picks the address it is counted under (documented as unsafe)', async () => {
    expect(await addressSeen(true, '198.51.100.7', '203.0.113.99')).toBe('203.0.113.99');
  });

  test('with the proxy named, a client reaching the port directly is counted under its own address', async () => {
    const trust = parseTrustProxy('10.0.0.5');
    expect(await addressSeen(trust, '198.51.100.7', '203.0.113.99')).toBe('198.51.100.7');
    expect(await addressSeen(trust, '198.51.100.7', '203.0.113.1, 203.0.113.2')).toBe('198.51.100.7');
  });

  test('through the named proxy, the entry it appended is the client; earlier entries (the client’s) are not believed', async () => {
    const trust = parseTrustProxy('10.0.0.0/8');
    expect(await addressSeen(trust, '10.0.0.5', '203.0.113.9')).toBe('203.0.113.9');
    expect(await addressSeen(trust, '10.0.0.5', '6.6.6.6, 203.0.113.9')).toBe('203.0.113.9');
    // Two trusted proxies in a row: the walk goes on past the inner one.
    expect(await addressSeen(trust, '10.0.0.5', '6.6.6.6, 203.0.113.9, 10.1.2.3')).toBe('203.0.113.9');
    // An IPv4-mapped peer is the same proxy.
    expect(await addressSeen(trust, '::ffff:10.0.0.5', '203.0.113.9')).toBe('203.0.113.9');
  });

  test('an entry that is not an address, appended by a trusted proxy, falls back to the socket peer', async () => {
    expect(await addressSeen(parseTrustProxy('10.0.0.5'), '10.0.0.5', 'not-an-address')).toBe('10.0.0.5');
  });

  test('without a trusted proxy the header is ignored', async () => {
    expect(await addressSeen(false, '198.51.100.7', '203.0.113.99')).toBe('198.51.100.7');
  });
});
