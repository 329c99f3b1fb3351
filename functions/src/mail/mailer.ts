/**
 * The mail port: how the API sends email (today only one-time sign-in codes). A message is plain text and
 * never carries patient data: names, notes and transcripts stay out of email, which is neither encrypted
 * end to end nor under the clinic's control once sent.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Resolves once the SMTP server accepted the message; rejects if it could not be handed over. */
  send(message: MailMessage): Promise<void>;
}
