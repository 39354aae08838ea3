import { describe, expect, test } from 'vitest';
import { throttleKey } from '../../server/http/client-address';

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
