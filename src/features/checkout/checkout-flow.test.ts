import { describe, expect, test } from 'vitest';
import type { Address } from '../../../contract/types';
import type { CheckoutLine } from './checkout-lines';
import {
  CHECKOUT_MESSAGES,
  checkoutReducer,
  chosenAddress,
  initialCheckout,
  type CheckoutAction,
  type CheckoutState,
} from './checkout-flow';

const line = (variant_id: number): CheckoutLine => ({
  variant_id,
  product_id: 1,
  name: `Item ${variant_id}`,
  image: null,
  size: null,
  quantity: 1,
  price: 100,
  final_price: 90,
});
const address = (id: number) => ({ id, name: `Home ${id}`, phone_number: '9876543210' }) as Address;

const at = (patch: Partial<CheckoutState>): CheckoutState => ({
  ...initialCheckout,
  step: 'address',
  lines: [line(1), line(2)],
  addresses: [address(7), address(8)],
  ...patch,
});

describe('checkoutReducer', () => {
  test.each<[string, CheckoutState, CheckoutAction, Partial<CheckoutState>]>([
    [
      'starting shows the handed-over lines',
      initialCheckout,
      { type: 'started', lines: [line(1)] },
      { step: 'address', lines: [line(1)] },
    ],
    [
      'starting twice keeps the first lines',
      at({}),
      { type: 'started', lines: [] },
      { step: 'address', lines: [line(1), line(2)] },
    ],
    [
      'addresses arrive',
      at({ addresses: null, addressError: 'x' }),
      { type: 'addressesLoaded', addresses: [address(7), address(8)] },
      { addresses: [address(7), address(8)], addressError: '' },
    ],
    [
      'a new address is listed and chosen before the list is reloaded',
      at({ addresses: [], selected: null, message: CHECKOUT_MESSAGES.noAddress }),
      { type: 'addressAdded', address: address(9) },
      { addresses: [address(9)], selected: 9, message: '' },
    ],
    [
      'a new address joins the ones already listed, once',
      at({ selected: 7 }),
      { type: 'addressAdded', address: address(8) },
      { addresses: [address(7), address(8)], selected: 8 },
    ],
    [
      'a reload keeps a choice still saved',
      at({ selected: 8 }),
      { type: 'addressesLoaded', addresses: [address(8)] },
      { addresses: [address(8)], selected: 8 },
    ],
    [
      'a reload drops a deleted choice',
      at({ selected: 8 }),
      { type: 'addressesLoaded', addresses: [address(7), address(9)] },
      { addresses: [address(7), address(9)], selected: null },
    ],
    [
      'a reload that drops a deleted choice leaves one address: it is chosen',
      at({ selected: 8 }),
      { type: 'addressesLoaded', addresses: [address(7)] },
      { addresses: [address(7)], selected: 7 },
    ],
    [
      'a single saved address is chosen when it arrives',
      at({ addresses: null, selected: null }),
      { type: 'addressesLoaded', addresses: [address(7)] },
      { addresses: [address(7)], selected: 7 },
    ],
    [
      'two saved addresses: none is chosen for the shopper',
      at({ addresses: null, selected: null }),
      { type: 'addressesLoaded', addresses: [address(7), address(8)] },
      { addresses: [address(7), address(8)], selected: null },
    ],
    [
      'no saved address: none chosen',
      at({ addresses: null, selected: null }),
      { type: 'addressesLoaded', addresses: [] },
      { addresses: [], selected: null },
    ],
    [
      'addresses fail to load',
      at({ addresses: null }),
      { type: 'addressesFailed', message: 'Failed to load addresses!' },
      { addressError: 'Failed to load addresses!' },
    ],
    ['an address is chosen', at({}), { type: 'addressSelected', id: 7 }, { selected: 7 }],
    [
      'Deliver Here without an address',
      at({}),
      { type: 'deliverHere' },
      { step: 'address', message: CHECKOUT_MESSAGES.noAddress },
    ],
    [
      'Deliver Here with an address',
      at({ selected: 7, message: 'old' }),
      { type: 'deliverHere' },
      { step: 'summary', message: '' },
    ],
    ['a line removed', at({ step: 'summary' }), { type: 'lineRemoved', variantId: 1 }, { lines: [line(2)] }],
    [
      'Place Order without an address (deleted meanwhile)',
      at({ step: 'summary', selected: 9 }),
      { type: 'placeRequested' },
      { step: 'summary', message: CHECKOUT_MESSAGES.noAddress },
    ],
    [
      'Place Order with every line removed',
      at({ step: 'summary', selected: 7, lines: [] }),
      { type: 'placeRequested' },
      { step: 'summary', message: CHECKOUT_MESSAGES.noLines },
    ],
    [
      'Place Order',
      at({ step: 'summary', selected: 7, message: 'old' }),
      { type: 'placeRequested' },
      { step: 'placing', message: '' },
    ],
    [
      'a second press while placing changes nothing',
      at({ step: 'placing', selected: 7 }),
      { type: 'placeRequested' },
      { step: 'placing' },
    ],
    [
      'a failed payment returns to the summary',
      at({ step: 'placing', selected: 7 }),
      { type: 'placeFailed' },
      { step: 'summary' },
    ],
    [
      'Place Order is not offered before the summary',
      at({ selected: 7 }),
      { type: 'placeRequested' },
      { step: 'address' },
    ],
  ])('%s', (_, state, action, expected) => {
    expect(checkoutReducer(state, action)).toEqual({ ...state, ...expected });
  });
});

describe('chosenAddress', () => {
  test.each<[number | null, Address[] | null, Address | null]>([
    [7, [address(7), address(8)], address(7)],
    [9, [address(7)], null],
    [null, [address(7)], null],
    [7, null, null],
  ])('selected %s', (selected, addresses, expected) => {
    expect(chosenAddress(at({ selected, addresses }))).toEqual(expected);
  });
});
