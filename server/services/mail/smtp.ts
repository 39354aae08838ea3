import nodemailer from 'nodemailer';
import { headerSafe, messageIdOf, nodemailerAttachments, type MailMessage, type Mailer } from './mailer';

/** Sends through the SMTP server of SMTP_URL (smtp:// or smtps://, credentials in the URL). */
export class SmtpMailer implements Mailer {
  private readonly transport: nodemailer.Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(url);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: headerSafe(message.to),
      subject: headerSafe(message.subject),
      text: message.text,
      html: message.html,
      attachments: nodemailerAttachments(message),
      messageId: messageIdOf(message, this.from) && `<${messageIdOf(message, this.from)}>`,
      // A message carries its content in memory: nodemailer is never to read a file or fetch a URL for it.
      disableFileAccess: true,
      disableUrlAccess: true,
    });
  }
}
