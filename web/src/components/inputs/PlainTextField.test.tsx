import TextField from '@mui/material/TextField';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PlainTextField } from './PlainTextField';

function Controlled({ error }: { error?: string }) {
  const [value, setValue] = useState('');
  return (
    <PlainTextField
      label="Email"
      type="email"
      autoComplete="email"
      value={value}
      onChange={(event) => setValue(event.target.value)}
      error={Boolean(error)}
      helperText={error}
      htmlInput={{ 'aria-required': true, maxLength: 40 }}
    />
  );
}

describe('PlainTextField', () => {
  it('is a labelled, typed input whose helper text describes it and whose error marks it invalid', async () => {
    render(<Controlled error="Enter an email address." />);
    const input = screen.getByRole('textbox', { name: 'Email', description: 'Enter an email address.' });
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toHaveAttribute('autocomplete', 'email');
    expect(input).toHaveAttribute('aria-required', 'true');
    expect(input).toHaveAttribute('maxlength', '40');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(input, 'a@b.co');
    expect(input).toHaveValue('a@b.co');
  });

  it('draws what MUI’s outlined TextField draws: the same classes on the same elements', () => {
    const { container: plain } = render(<PlainTextField label="Code" value="12" onChange={() => undefined} helperText="Six digits" error />);
    const { container: mui } = render(<TextField label="Code" value="12" onChange={() => undefined} helperText="Six digits" error />);
    const shape = (root: HTMLElement) =>
      [...root.querySelectorAll('*')].map((element) => `${element.tagName} ${[...element.classList].filter((name) => name.startsWith('Mui')).sort().join(' ')}`);
    expect(shape(plain)).toEqual(shape(mui).map((line) => line.replace(' MuiTextField-root', '')));
  });
});
