// Renaming a session corrects its title and its patient's name (a misheard or mistyped name is the usual
// reason), with the contract's rules checked before sending, and nothing typed lost when saving fails.
import { SESSION_LIMITS } from '@charta/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { session } from '@/test/fixtures';
import { renderPage } from '@/test/render';
import { RenameSessionDialog, type SessionNaming } from './RenameSessionDialog';

type OnRename = (naming: SessionNaming) => Promise<void>;

const misnamed = session({ patientName: 'Jon Smyth', title: 'Jon Smyth · 21 Nov 2026' });

function open(onRename = vi.fn<OnRename>(() => Promise.resolve()), onClose = vi.fn()) {
  renderPage(<RenameSessionDialog session={misnamed} onRename={onRename} onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: 'Rename session' });
  return {
    dialog,
    onRename,
    onClose,
    name: within(dialog).getByRole('textbox', { name: 'Patient name' }),
    title: within(dialog).getByRole('textbox', { name: 'Title' }),
    save: within(dialog).getByRole('button', { name: 'Save' }),
  };
}

describe('RenameSessionDialog', () => {
  it("Corrects the patient's name; a title that begins with the old name follows it", async () => {
    const user = userEvent.setup();
    const { name, title, save, onRename, onClose } = open();
    expect(name).toHaveValue('Jon Smyth');
    expect(title).toHaveValue('Jon Smyth · 21 Nov 2026');
    expect(name).toHaveAttribute('maxlength', String(SESSION_LIMITS.patientName));
    await user.clear(name);
    await user.type(name, '  John Smith ');
    expect(title).toHaveValue('John Smith · 21 Nov 2026');
    await user.click(save);
    expect(onRename).toHaveBeenCalledWith({ patientName: 'John Smith', title: 'John Smith · 21 Nov 2026' });
    expect(onClose).toHaveBeenCalled();
  });

  it('Leaves a title the clinician wrote alone when the name changes', async () => {
    const user = userEvent.setup();
    const { name, title, save, onRename } = open();
    await user.clear(title);
    await user.type(title, 'Knee review');
    await user.clear(name);
    await user.type(name, 'John Smith');
    expect(title).toHaveValue('Knee review');
    await user.click(save);
    expect(onRename).toHaveBeenCalledWith({ patientName: 'John Smith', title: 'Knee review' });
  });

  it('Says what is missing, under the field, and sends nothing', async () => {
    const user = userEvent.setup();
    const { name, title, save, onRename } = open();
    await user.clear(name);
    await user.type(name, '   ');
    await user.clear(title);
    await user.click(save);
    expect(name).toHaveAccessibleDescription("Enter the patient's name.");
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveAccessibleDescription('Enter a title.');
    expect(onRename).not.toHaveBeenCalled();
  });

  it("Puts the API's reason under the field it names and keeps what was typed", async () => {
    const user = userEvent.setup();
    const onRename = vi.fn<OnRename>(() =>
      Promise.reject(new ApiError({ status: 400, code: 'invalid_argument', message: 'patientName is required', field: 'patientName' })),
    );
    const { dialog, name, title, save, onClose } = open(onRename);
    await user.clear(name);
    await user.type(name, 'John Smith');
    await user.click(save);
    expect(await within(dialog).findByText('patientName is required')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveValue('John Smith');
    expect(title).toHaveValue('John Smith · 21 Nov 2026');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('Shows why saving failed, keeps the dialog and the typed values, and can try again', async () => {
    const user = userEvent.setup();
    let fail = true;
    const onRename = vi.fn<OnRename>(() =>
      fail ? Promise.reject(new ApiError({ status: 409, code: 'conflict', message: 'The session changed meanwhile' })) : Promise.resolve(),
    );
    const { dialog, name, save, onClose } = open(onRename);
    await user.clear(name);
    await user.type(name, 'John Smith');
    await user.click(save);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The session changed meanwhile');
    expect(name).toHaveValue('John Smith');
    fail = false;
    await user.click(save);
    expect(onRename).toHaveBeenLastCalledWith({ patientName: 'John Smith', title: 'John Smith · 21 Nov 2026' });
    expect(onClose).toHaveBeenCalled();
  });
});
