/** Messages to customer care. */
import { call } from './http';

/** Sends a Contact Us message to customer care (no login needed). */
export async function sendContactMessage(fields: {
  name: string;
  email: string;
  phone: string;
  message: string;
}): Promise<void> {
  await call('common/contact', {
    method: 'POST',
    json: fields,
    auth: false,
    fallback: 'Your message could not be sent. Please try again.',
  });
}
