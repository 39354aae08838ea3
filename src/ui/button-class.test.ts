import { describe, expect, test } from 'vitest';
import { buttonClass, type ButtonLook } from './button-class';

const classes = (value: string) => value.split(' ').sort();
const DISABLED = 'disabled:cursor-not-allowed disabled:opacity-60';

describe('buttonClass: the classes the shop has always drawn its buttons with', () => {
  test.each<[string, ButtonLook, string]>([
    [
      'a page call to action',
      { size: 'xl' },
      'rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800',
    ],
    [
      'a form submit',
      { size: 'lg' },
      'rounded-lg bg-brand-700 px-6 py-2.5 font-semibold text-white hover:bg-brand-800',
    ],
    ['a dialog button', {}, 'rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800'],
    [
      'a dialog Cancel',
      { variant: 'secondary' },
      'rounded-lg border border-slate-300 px-4 py-2 font-semibold hover:bg-slate-50',
    ],
    [
      'the account forms',
      { block: true },
      'w-full rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800',
    ],
    [
      'a row Delete',
      { variant: 'danger', size: 'xs' },
      'rounded border border-red-300 px-3 py-1 text-sm font-semibold text-red-700 hover:bg-red-50',
    ],
    [
      'a row Remove',
      { variant: 'secondary', size: 'xs' },
      'rounded border border-slate-300 px-3 py-1 text-sm font-semibold hover:bg-slate-50',
    ],
    [
      'a row Write a review',
      { variant: 'outline', size: 'xs' },
      'rounded-lg border border-brand-700 px-3 py-1 text-sm font-semibold text-brand-800 hover:bg-brand-50',
    ],
    [
      'Add to Cart',
      { variant: 'outline', size: 'xl' },
      'rounded-lg border-2 border-brand-700 px-6 py-3 font-semibold text-brand-800 hover:bg-brand-50',
    ],
    [
      'Load More',
      { variant: 'outline', size: 'load' },
      'rounded-lg border-2 border-brand-700 px-6 py-2 font-semibold text-brand-800 hover:bg-brand-50',
    ],
    [
      'on the dark deals panel',
      { variant: 'inverse', size: 'xl' },
      'rounded-lg bg-white px-6 py-3 font-semibold text-brand-800 hover:bg-brand-50',
    ],
    [
      'a product card',
      { size: 'card', className: 'flex-1 text-center' },
      'flex-1 text-center rounded-lg bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800',
    ],
  ])('%s', (_, look, expected) => {
    expect(classes(buttonClass(look))).toEqual(classes(`${expected} ${DISABLED}`));
  });
});
