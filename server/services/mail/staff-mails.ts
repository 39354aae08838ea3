import { formatDeadline } from '../../../contract/format';
import { ROLE_LABELS, type StaffRole } from '../../../contract/staff';
import { SHOP_NAME } from '../../../contract/shop';
import type { MailMessage } from './mailer';

/** The e-mail inviting someone to the back office: the link to accept it, and what comes next. */
export function staffInviteMessage(
  to: string,
  invite: { role: StaffRole; invitedBy: string; link: string; expiresAt: Date },
): MailMessage {
  return {
    to,
    subject: `You are invited to the ${SHOP_NAME} back office`,
    text: [
      'Hello,',
      '',
      `${invite.invitedBy} has invited you to the ${SHOP_NAME} back office as ${ROLE_LABELS[invite.role].toLowerCase()}.`,
      '',
      'To accept, open this link, choose your name and a password:',
      '',
      invite.link,
      '',
      `It works once, until ${formatDeadline(invite.expiresAt)} (India time).`,
      '',
      'You will then be shown a key for an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…) and ten recovery codes, once: keep the codes somewhere safe. Every sign-in asks for your password and a code from the app.',
      '',
      'If you did not expect this, ignore this e-mail: nothing is opened until the link is used.',
      '',
      `— ${SHOP_NAME}`,
    ].join('\n'),
  };
}
