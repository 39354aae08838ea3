import { describe, expect, test } from 'vitest';
import { rememberedPincode, rememberPincode, REMEMBERED_PINCODE_KEY } from './remembered-pincode';

/** A storage that holds `items`, or refuses every use (a private window, a full quota). */
function storage(items: Record<string, string> | 'refusing') {
  return {
    items,
    getItem: (key: string) => {
      if (items === 'refusing') throw new DOMException('denied', 'SecurityError');
      return items[key] ?? null;
    },
    setItem: (key: string, value: string) => {
      if (items === 'refusing') throw new DOMException('full', 'QuotaExceededError');
      items[key] = value;
    },
  };
}

describe('the remembered pincode', () => {
  test.each<[string, Record<string, string> | 'refusing', string | null]>([
    ['one kept', { [REMEMBERED_PINCODE_KEY]: '560001' }, '560001'],
    ['none kept', {}, null],
    ['something that is not a pincode', { [REMEMBERED_PINCODE_KEY]: '5600' }, null],
    ['storage refused', 'refusing', null],
  ])('%s', (_, items, remembered) => {
    expect(rememberedPincode(storage(items))).toBe(remembered);
  });

  test('is kept under its key, and a refusing storage is no failure', () => {
    const kept = storage({});
    rememberPincode(kept, '744101');
    expect(kept.items).toEqual({ [REMEMBERED_PINCODE_KEY]: '744101' });
    expect(() => rememberPincode(storage('refusing'), '744101')).not.toThrow();
  });
});
