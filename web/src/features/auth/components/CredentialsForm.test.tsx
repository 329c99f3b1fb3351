import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CredentialsForm } from './CredentialsForm';

describe('CredentialsForm', () => {
  it('asks for at least 6 password characters when signing up, before sending anything', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(() => Promise.resolve());
    render(<CredentialsForm mode="sign-up" submitLabel="Create account" onSubmit={onSubmit} />);

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), '12345');
    await user.tab();

    expect(screen.getByText('Use at least 6 characters.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Password'), '6');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(onSubmit).toHaveBeenCalledWith('ada@example.com', '123456');
  });

  it('explains a wrong password without saying whether the account exists', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(() => Promise.reject(Object.assign(new Error('Firebase'), { code: 'auth/invalid-credential' })));
    render(<CredentialsForm mode="sign-in" submitLabel="Sign in" onSubmit={onSubmit} />);

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('That email and password do not match an account.');
  });

  it('puts an email-already-in-use error on the Email field', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(() => Promise.reject(Object.assign(new Error('Firebase'), { code: 'auth/email-already-in-use' })));
    render(<CredentialsForm mode="sign-up" submitLabel="Create account" onSubmit={onSubmit} />);

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByLabelText('Email')).toHaveAccessibleDescription(
      'An account with this email already exists. Sign in instead.',
    );
  });
});
