import type { Address } from '../../../contract/types';
import type { CheckoutLine } from './checkout-lines';

/**
 * The checkout screen's steps: `loading` until the session is checked and the handed-over lines
 * are read; `address` while a delivery address is chosen ('Deliver Here'); `summary` shows the
 * items to order ('Place Order'); `placing` while the order is created and paid (it stays there
 * when payment succeeds, as the page moves on to the order's success page).
 */
export type CheckoutStep = 'loading' | 'address' | 'summary' | 'placing';

export interface CheckoutState {
  step: CheckoutStep;
  lines: CheckoutLine[];
  /** Saved addresses; null until they load. */
  addresses: Address[] | null;
  addressError: string;
  selected: number | null;
  /** What the shopper must do before going on, or ''. */
  message: string;
}

export type CheckoutAction =
  | { type: 'started'; lines: CheckoutLine[] }
  | { type: 'addressesLoaded'; addresses: Address[] }
  | { type: 'addressesFailed'; message: string }
  | { type: 'addressSelected'; id: number }
  | { type: 'addressAdded'; address: Address }
  | { type: 'deliverHere' }
  | { type: 'lineRemoved'; variantId: number }
  | { type: 'placeRequested' }
  | { type: 'placeFailed' };

export const initialCheckout: CheckoutState = {
  step: 'loading',
  lines: [],
  addresses: null,
  addressError: '',
  selected: null,
  message: '',
};

export const CHECKOUT_MESSAGES = {
  noAddress: 'Please select a delivery address!',
  noLines: 'Product list is required',
} as const;

/** The saved address chosen for delivery, if it is still saved. */
export function chosenAddress(state: CheckoutState): Address | null {
  return state.addresses?.find((a) => a.id === state.selected) ?? null;
}

export function checkoutReducer(state: CheckoutState, action: CheckoutAction): CheckoutState {
  switch (action.type) {
    case 'started':
      return state.step === 'loading' ? { ...state, step: 'address', lines: action.lines } : state;
    case 'addressesLoaded': {
      // A choice survives a reload of the list only while that address is still in it; with no
      // choice standing, a shopper with one saved address has it chosen (still changeable).
      const kept = state.selected !== null && action.addresses.some((a) => a.id === state.selected);
      const only = action.addresses.length === 1 ? (action.addresses[0]?.id ?? null) : null;
      return { ...state, addresses: action.addresses, addressError: '', selected: kept ? state.selected : only };
    }
    case 'addressesFailed':
      return { ...state, addressError: action.message };
    case 'addressSelected':
      return { ...state, selected: action.id };
    case 'addressAdded': {
      // Listed and chosen at once, before the reload of the list comes back: a 'Deliver Here'
      // pressed in between goes ahead with it rather than asking for an address.
      const others = (state.addresses ?? []).filter((a) => a.id !== action.address.id);
      return { ...state, addresses: [...others, action.address], selected: action.address.id, message: '' };
    }
    case 'deliverHere':
      if (state.step !== 'address') return state;
      if (!chosenAddress(state)) return { ...state, message: CHECKOUT_MESSAGES.noAddress };
      return { ...state, step: 'summary', message: '' };
    case 'lineRemoved':
      return { ...state, lines: state.lines.filter((l) => l.variant_id !== action.variantId) };
    case 'placeRequested':
      if (state.step !== 'summary') return state;
      if (!chosenAddress(state)) return { ...state, message: CHECKOUT_MESSAGES.noAddress };
      if (state.lines.length === 0) return { ...state, message: CHECKOUT_MESSAGES.noLines };
      return { ...state, step: 'placing', message: '' };
    case 'placeFailed':
      return state.step === 'placing' ? { ...state, step: 'summary' } : state;
  }
}
