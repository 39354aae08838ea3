/** Whether, when and how the shop delivers to a pincode. */
import { DEFAULT_COD_LIMIT_RUPEES, deliveryByText, NOT_DELIVERABLE_MESSAGE } from '../../../contract/delivery';
import { call } from './http';
import type { DeliveryAnswer } from '../../../contract/types';
import type { PincodePlace } from '../../../contract/api/delivery';

/** Reads the delivery check's answer; a backend that leaves a field out is read as the contract's default. */
function deliveryAnswer(raw: unknown, pincode: string): DeliveryAnswer {
  const r = (raw ?? {}) as Record<string, unknown>;
  const deliverable = r.deliverable === true;
  const date = typeof r.delivery_by === 'string' && r.delivery_by ? r.delivery_by : null;
  const fallback = deliverable ? (date ? deliveryByText(date) : '') : NOT_DELIVERABLE_MESSAGE;
  return {
    pincode: typeof r.pincode === 'string' ? r.pincode : pincode,
    deliverable,
    days: typeof r.days === 'number' ? r.days : null,
    delivery_by: date,
    message: typeof r.message === 'string' && r.message ? r.message : fallback,
    cod_available: deliverable && r.cod_available === true,
    cod_limit: typeof r.cod_limit === 'number' ? r.cod_limit : DEFAULT_COD_LIMIT_RUPEES,
  };
}

/**
 * Whether and when the shop delivers to a pincode, and whether its area offers cash on delivery
 * (no login needed). A pincode that is not one is refused with 'Valid 6-digit pincode is required'.
 */
export async function checkDelivery(pincode: string, signal?: AbortSignal): Promise<DeliveryAnswer> {
  const raw = await call(`common/delivery/${encodeURIComponent(pincode)}/`, {
    auth: false,
    memo: false,
    signal,
    fallback: 'Delivery could not be checked. Please try again.',
  });
  return deliveryAnswer(raw, pincode);
}

/**
 * The district (offered as the city) and state of a pincode from the shop's pincode directory, or null when the
 * directory does not have it or the lookup failed: the address form then leaves City and State to the shopper.
 */
export async function placeOfPincode(pincode: string, signal?: AbortSignal): Promise<PincodePlace | null> {
  try {
    const raw = (await call(`common/pincodes/${encodeURIComponent(pincode)}/`, {
      auth: false,
      memo: false,
      signal,
      fallback: '',
    })) as Partial<PincodePlace> | null;
    return typeof raw?.city === 'string' && typeof raw.state === 'string'
      ? { pincode, city: raw.city, state: raw.state }
      : null;
  } catch (error) {
    if (signal?.aborted) throw error;
    return null;
  }
}
