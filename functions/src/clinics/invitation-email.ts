import { CLINIC_LIMITS } from '@charta/contract';
import type { MailMessage } from '../mail/mailer.js';

/** The web app's page for an invitation link (web/src: the invitation accept page). */
export const INVITATION_PATH = '/clinic/invitations/';

/** The link in the email, built on the configured app URL (never on a request's Host, which a client chooses). */
export function invitationUrl(appUrl: string, token: string): string {
  return `${appUrl}${INVITATION_PATH}${token}`;
}

/**
 * The invitation email: the clinic's name, who invited (the name they show, never their address), the
 * role, and the link. No patient data, and nothing about whether the address has an account: the same text
 * goes to every address.
 */
export function invitationEmail(to: string, f: { clinicName: string; inviterName: string; role: string; url: string }): MailMessage {
  const days = CLINIC_LIMITS.invitationValidForMs / 86_400_000;
  return {
    to,
    subject: `You are invited to join ${f.clinicName} on Charta`,
    text: [
      `${f.inviterName} invited you to join ${f.clinicName} on Charta as ${f.role === 'admin' ? 'an admin' : 'a member'}.`,
      '',
      'Open this link to accept (sign in, or create an account, with this email address):',
      '',
      f.url,
      '',
      `The link works for ${days} days. Members of a clinic share templates; each clinician's sessions and patients stay their own.`,
      '',
      'If you did not expect this invitation, you can ignore this email.',
      '',
    ].join('\n'),
  };
}
