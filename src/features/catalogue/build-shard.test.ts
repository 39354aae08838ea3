import { describe, expect, test } from 'vitest';
import { buildShard, inThisShard } from './build-shard';

describe('buildShard', () => {
  test.each([
    [undefined, { index: 0, count: 1 }],
    ['', { index: 0, count: 1 }],
    ['0/2', { index: 0, count: 2 }],
    ['1/2', { index: 1, count: 2 }],
    ['2/3', { index: 2, count: 3 }],
  ])('%s → %o', (value, expected) => {
    expect(buildShard(value)).toEqual(expected);
  });

  test.each(['2/2', '0/0', '5/3'])('%s is refused', (value) => {
    expect(() => buildShard(value)).toThrow(/BUILD_SHARD/);
  });
});

describe('inThisShard', () => {
  const pages = Array.from({ length: 11 }, (_, i) => `page-${i}`);

  test('one build renders every page', () => {
    expect(inThisShard(pages, { index: 0, count: 1 })).toEqual(pages);
  });

  test.each([2, 3, 4])('%s builds render every page exactly once, in near-equal shares', (count) => {
    const shares = Array.from({ length: count }, (_, index) => inThisShard(pages, { index, count }));
    expect(shares.flat().sort()).toEqual([...pages].sort());
    const sizes = shares.map((s) => s.length);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
  });
});
