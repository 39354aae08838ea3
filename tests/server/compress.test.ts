import { describe, expect, test } from 'vitest';
import { chooseEncoding } from '../../server/http/compress';

describe('chooseEncoding', () => {
  test.each<[string | undefined, 'br' | 'gzip' | null]>([
    ['gzip, deflate, br', 'br'],
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['deflate, gzip', 'gzip'],
    ['gzip;q=1.0, br;q=0.5', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br; q=0, gzip; q=0.8', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['gzip;q=0', null],
    ['*', 'br'],
    ['*;q=0', null],
    ['*, br;q=0', 'gzip'],
    ['*;q=0, gzip', 'gzip'],
    ['identity', null],
    ['deflate', null],
    ['', null],
    [undefined, null],
    [' , ,', null],
  ])('%j → %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});
