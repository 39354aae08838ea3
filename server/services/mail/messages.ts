import { SHOP_NAME } from '../../../src/lib/constants';
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
