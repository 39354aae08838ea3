import { formatDeadline } from '../../../contract/format';
import { SHOP_NAME } from '../../../contract/shop';
import type { MailMessage } from './mailer';

/** Minutes a password-reset PIN stays valid; the e-mail says so. */
export const RESET_PIN_MINUTES = 10;

/** The e-mail carrying a password-reset PIN. */
export function resetPinMessage(to: string, pin: string): MailMessage {
  return {
    to,
    subject: `Your ${SHOP_NAME} password reset PIN`,
    text: [
      'Hello,',
      '',
      `Someone asked to reset the password of your ${SHOP_NAME} account.`,
      '',
      `Your PIN is ${pin}.`,
      '',
      `It expires in ${RESET_PIN_MINUTES} minutes and works once. Enter it on the Forgot Password page to choose a new password.`,
      '',
      'If you did not ask for this, ignore this e-mail: your password stays as it is.',
      '',
      `— ${SHOP_NAME}`,
    ].join('\n'),
  };
}

/** The customer-care mailbox the footer and the Contact Us page show; contact messages go there. */
export const CARE_EMAIL = 'care@gharbazaar.in';

/**
 * The notice sent to an account's OLD e-mail address when it is changed: if a stolen session made
 * the change, the owner learns of it and whom to write to, before a password reset to the new
 * address takes the account for good.
 */
export function emailChangedMessage(oldEmail: string, newEmail: string, when: Date): MailMessage {
  return {
    to: oldEmail,
    subject: `The e-mail address of your ${SHOP_NAME} account was changed`,
    text: [
      'Hello,',
      '',
      `The e-mail address of your ${SHOP_NAME} account was changed at ${formatDeadline(when)} (India time).`,
      '',
      `Old address: ${oldEmail}`,
      `New address: ${newEmail}`,
      '',
      'From now on you log in with the new address, and our e-mails go there.',
      '',
      `If you did not make this change, write to ${CARE_EMAIL} at once, from this address, so we can give the account back to you. We reply within 24 hours.`,
      '',
      `— ${SHOP_NAME}`,
    ].join('\n'),
  };
}

/** What a shopper wrote on the Contact Us page, as stored. */
export interface ContactMessageFields {
  id: number;
  name: string;
  email: string;
  phone: string;
  message: string;
}

/** A Contact Us message, forwarded to customer care. The shopper's text is the body's last part, as plain text. */
export function contactMessage(fields: ContactMessageFields): MailMessage {
  return {
    to: CARE_EMAIL,
    // headerSafe() in the mailer removes line breaks; the name is also cut so the subject stays short.
    subject: `Contact Us #${fields.id} from ${fields.name.slice(0, 60)}`,
    text: [
      `A message from the Contact Us page (#${fields.id}).`,
      '',
      `Name: ${fields.name}`,
      `E-mail: ${fields.email}`,
      `Phone: ${fields.phone || '(not given)'}`,
      '',
      'Message:',
      '',
      fields.message,
      '',
      `Reply to ${fields.email}; the shop promises an answer within 24 hours.`,
    ].join('\n'),
  };
}
