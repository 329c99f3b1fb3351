import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { MailConfig } from './mail-config.js';
import type { Mailer } from './mailer.js';

/** Sending failed before the SMTP server took the message (no relay configured, refused, unreachable). */
export class MailNotSentError extends Error {
  constructor(readonly reason: 'not_configured' | 'smtp_failed', options?: { cause?: unknown }) {
    super(`mail not sent: ${reason}`, options);
    this.name = 'MailNotSentError';
  }
}

/**
 * The mail port over SMTP with nodemailer (the well-kept Node SMTP client: TLS, STARTTLS, authentication,
 * MIME encoding, none of which we should write). One transport per instance, with timeouts short enough
 * that a stuck relay fails the request in seconds rather than holding it.
 */
export function smtpMailer(config: MailConfig): Mailer {
  const transport = config.smtpUrl
    ? nodemailer.createTransport({ url: config.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } satisfies SMTPTransport.Options)
    : undefined;
  return {
    async send(message) {
      if (!transport) throw new MailNotSentError('not_configured');
      try {
        await transport.sendMail({ from: config.from, to: message.to, subject: message.subject, text: message.text });
      } catch (err) {
        throw new MailNotSentError('smtp_failed', { cause: err });
      }
    },
  };
}
