import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PlainSelectField } from './PlainSelectField';

function Controlled({ error, disabled }: { error?: boolean; disabled?: boolean }) {
  const [value, setValue] = useState('');
  return (
    <PlainSelectField label="Microphone" value={value} onChange={(event) => setValue(event.target.value)} helperText="Choose the microphone closest to the conversation." error={error} disabled={disabled} slotProps={{ inputLabel: { shrink: true } }}>
      <option value="">System default</option>
      <option value="usb">USB microphone</option>
    </PlainSelectField>
  );
}

describe('PlainSelectField', () => {
  it('is the browser’s own select, labelled and described, that changes its value', async () => {
    render(<Controlled />);
    const select = screen.getByRole('combobox', { name: 'Microphone', description: 'Choose the microphone closest to the conversation.' });
    expect(select.tagName).toBe('SELECT');
    expect(select).toHaveValue('');
    await userEvent.selectOptions(select, 'usb');
    expect(select).toHaveValue('usb');
    // Its label stays above an empty value ("System default"), as TextField's with inputLabel.shrink.
    expect(screen.getByText('Microphone', { selector: 'label' })).toHaveAttribute('data-shrink', 'true');
  });

  it('marks an error on the select and its label, and a disabled field is disabled', () => {
    const { unmount } = render(<Controlled error />);
    expect(screen.getByRole('combobox', { name: 'Microphone' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Microphone', { selector: 'label' })).toHaveClass('Mui-error');
    unmount();
    render(<Controlled disabled />);
    expect(screen.getByRole('combobox', { name: 'Microphone' })).toBeDisabled();
  });
});
