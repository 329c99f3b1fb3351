import { ONE_TIME_CODE } from '@charta/contract';
import type { MailMessage } from '../mail/mailer.js';

/**
 * The sign-in code email: the subject the web app and tests look for, and the code on a line of its own
 * so it is easy to read and copy. It says nothing about the account (whether one exists, its name) and
 * carries no patient data; the same text goes to every address.
 */
export function codeEmail(to: string, code: string): MailMessage {
  const minutes = ONE_TIME_CODE.validForMs / 60_000;
  return {
    to,
    subject: 'Your Charta sign-in code',
    text: [
      'Your Charta sign-in code is:',
      '',
      code,
      '',
      `It works once, for ${minutes} minutes. Asking for a new code replaces this one.`,
      '',
      'If you did not ask for it, you can ignore this email: nobody can sign in without the code.',
      'Charta never asks for this code by phone or email.',
      '',
    ].join('\n'),
  };
}
