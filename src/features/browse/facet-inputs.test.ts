import { expect, test } from 'vitest';
import type { Facet } from '../../../contract/api/browse';
import { facetInputs } from './facet-inputs';

test.each<[string, Facet, ReturnType<typeof facetInputs>]>([
  [
    'brands are checkboxes; a 0-count option is disabled, not hidden',
    {
      key: 'brand',
      label: 'Brand',
      options: [
        { value: 'Amul', label: 'Amul', count: 4, selected: true },
        { value: 'Tata', label: 'Tata', count: 0, selected: false },
      ],
    },
    [
      { name: 'brand', type: 'checkbox', value: 'Amul', label: 'Amul', count: 4, checked: true, disabled: false },
      { name: 'brand', type: 'checkbox', value: 'Tata', label: 'Tata', count: 0, checked: false, disabled: true },
    ],
  ],
  [
    'a chosen option left with nothing can still be unticked',
    { key: 'pack', label: 'Pack size', options: [{ value: '1 kg', label: '1 kg', count: 0, selected: true }] },
    [{ name: 'pack', type: 'checkbox', value: '1 kg', label: '1 kg', count: 0, checked: true, disabled: false }],
  ],
  [
    'price buckets are one choice',
    { key: 'price', label: 'Price', options: [{ value: '-100', label: 'Under ₹100', count: 7, selected: false }] },
    [{ name: 'price', type: 'radio', value: '-100', label: 'Under ₹100', count: 7, checked: false, disabled: false }],
  ],
  [
    'rating steps are one choice',
    { key: 'rating', label: 'Customer rating', options: [{ value: '4', label: '4★ & up', count: 2, selected: true }] },
    [{ name: 'rating', type: 'radio', value: '4', label: '4★ & up', count: 2, checked: true, disabled: false }],
  ],
  [
    'availability is the instock=1 box',
    {
      key: 'availability',
      label: 'Availability',
      options: [{ value: 'instock', label: 'In stock only', count: 9, selected: false }],
    },
    [
      {
        name: 'instock',
        type: 'checkbox',
        value: '1',
        label: 'In stock only',
        count: 9,
        checked: false,
        disabled: false,
      },
    ],
  ],
])('%s', (_name, facet, inputs) => {
  expect(facetInputs(facet)).toEqual(inputs);
});
