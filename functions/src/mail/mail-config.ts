/**
 * Where mail goes: `SMTP_URL` (`smtps://user:password@smtp.example.org:465`, or `smtp://` with STARTTLS on
 * 587; nodemailer's URL form) and the sender, `MAIL_FROM` (`Charta <no-reply@example.org>`). Locally both
 * README commands point them at the mail catcher. In production SMTP_URL holds the relay's credentials, so
 * it is a Cloud Secret Manager secret bound to the function (index.ts), never a line in functions/.env.
 */
export interface MailConfig {
  /** Unset outside production: sending fails (and is logged), nothing else breaks. */
  smtpUrl: string | undefined;
  from: string;
}

const DEFAULT_FROM = 'Charta <no-reply@charta.local>';

export function mailConfigFromEnv(env: NodeJS.ProcessEnv, production: boolean): MailConfig {
  const smtpUrl = env['SMTP_URL'] || undefined;
  if (smtpUrl !== undefined && !/^smtps?:\/\//.test(smtpUrl)) throw new Error('SMTP_URL must start with smtp:// or smtps://');
  if (production && smtpUrl === undefined) throw new Error('SMTP_URL is not set: the API cannot send sign-in codes without it');
  return { smtpUrl, from: env['MAIL_FROM'] || DEFAULT_FROM };
}
