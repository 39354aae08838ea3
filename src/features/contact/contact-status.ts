import { shopperMessage } from '../../lib/api/error-message';
import { CONTACT_THANKS } from '../../../contract/schemas/contact';

/** The line under the form: what it says and how it reads. */
export type Status = { message: string; kind: 'error' | 'success' | 'info' };

/** What a plain form post (sent before this island was ready) came back with: `?contact=…`. */
export const RETURNED: Record<string, Status> = {
  sent: { message: CONTACT_THANKS, kind: 'success' },
  invalid: { message: 'Your message was not sent: please fill in every field and try again.', kind: 'error' },
  busy: { message: 'Too many messages from here. Please try again later.', kind: 'error' },
};

/** The shopper-facing text for a refused send. */
export function failureText(error: unknown): string {
  return shopperMessage(error, {
    refused: 'Your message could not be sent. Please try again.',
    noAnswer: 'No response from server. Please try again.',
    byStatus: {
      400: 'Please correct the fields marked below.',
      429: 'Too many messages from here. Please try again later.',
    },
  });
}
