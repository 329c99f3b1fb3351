// Checked in the browser before anything is sent, so mistakes show next to the field as the user types.

/** Firebase Auth's default minimum (spec §5). */
export const MIN_PASSWORD_LENGTH = 6;

export interface CredentialsErrors {
  email?: string;
  password?: string;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The email field's problem, or undefined when it looks like an address. */
export function validateEmail(value: string): string | undefined {
  const email = value.trim();
  if (email === '') return 'Enter your email address.';
  if (!EMAIL_PATTERN.test(email)) return 'Enter a valid email address.';
  return undefined;
}

export function validateCredentials(
  values: { email: string; password: string },
  mode: 'sign-in' | 'sign-up',
): CredentialsErrors {
  const errors: CredentialsErrors = {};
  const emailError = validateEmail(values.email);
  if (emailError) errors.email = emailError;

  if (values.password === '') errors.password = 'Enter your password.';
  else if (mode === 'sign-up' && values.password.length < MIN_PASSWORD_LENGTH) {
    errors.password = `Use at least ${MIN_PASSWORD_LENGTH} characters.`;
  }
  return errors;
}
