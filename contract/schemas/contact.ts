/** Rules and messages of the Contact Us form, shared by its island and the server. */
import { z } from 'zod';
import { formatCount } from '../format';
import { emailField } from './auth';
import { multilineText, requiredText } from './common';

export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 2000;

export const contactSchema = z.object({
  name: requiredText('Name is required.', 100),
  email: emailField('Email is required.', 'Enter a valid email address.'),
  phone: z
    .string({ error: 'Phone number must be exactly 10 digits.' })
    .trim()
    .refine((v) => v === '' || /^\d{10}$/.test(v), 'Phone number must be exactly 10 digits.')
    .optional()
    .default(''),
  message: multilineText(
    'Message is required.',
    CONTACT_MESSAGE_MAX,
    CONTACT_MESSAGE_MIN,
    `Message must be at least ${CONTACT_MESSAGE_MIN} characters.`,
    `Message must be at most ${formatCount(CONTACT_MESSAGE_MAX)} characters.`,
  ),
});

export type ContactInput = z.input<typeof contactSchema>;
export type ContactFields = z.output<typeof contactSchema>;

/** What the page says once the message is sent. */
export const CONTACT_THANKS = 'Thanks! Your message was sent. We reply within 24 hours.';
