import FormControl from '@mui/material/FormControl';
import FormHelperText, { type FormHelperTextProps } from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId, type ReactNode } from 'react';

export interface PlainFieldProps {
  label: string;
  helperText?: ReactNode;
  error?: boolean;
  disabled?: boolean;
  required?: boolean;
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
  /** As TextField's: the label kept above the field (`shrink`), the helper text's styling. */
  slotProps?: { inputLabel?: { shrink?: boolean }; formHelperText?: Partial<FormHelperTextProps> };
}

export interface PlainTextFieldProps
  extends PlainFieldProps,
    Pick<OutlinedInputProps, 'type' | 'autoComplete' | 'autoFocus' | 'value' | 'onChange' | 'onBlur' | 'name' | 'placeholder' | 'multiline' | 'minRows' | 'maxRows'> {
  /** Attributes of the <input> itself (inputMode, maxLength, aria-required...), as TextField's slotProps.htmlInput. */
  htmlInput?: OutlinedInputProps['inputProps'];
}

/**
 * What TextField wraps around its input: the outlined FormControl, the label (its `for`), the helper text
 * (its id in the input's aria-describedby), `error`, `disabled` and `required` on all of them.
 */
export function PlainField({ label, helperText, error, disabled, required, fullWidth, sx, slotProps, input }: PlainFieldProps & { input: (ids: { id: string; helperId?: string; notched?: boolean }) => ReactNode }) {
  const id = useId();
  const helperId = helperText ? `${id}-helper-text` : undefined;
  const shrink = slotProps?.inputLabel?.shrink;
  return (
    <FormControl variant="outlined" error={error} disabled={disabled} required={required} fullWidth={fullWidth} sx={sx}>
      <InputLabel htmlFor={id} shrink={shrink}>
        {label}
      </InputLabel>
      {input({ id, helperId, notched: shrink })}
      {helperText && (
        <FormHelperText {...slotProps?.formHelperText} id={helperId}>
          {helperText}
        </FormHelperText>
      )}
    </FormControl>
  );
}

/**
 * An outlined text field, as MUI's TextField draws it, built from the parts TextField itself composes
 * (FormControl, InputLabel, OutlinedInput, FormHelperText; MUI's "Components" section of the TextField docs).
 *
 * Why not TextField: it imports Select for its `select` prop whether or not a field uses it, and with Select
 * come Menu, Popover, Modal and focus trapping, about 16 KB (gzip) that no page needs to paint. The sign-in
 * and sign-up pages, the shell and the Record tab (the first things a visitor and a clinician download) use
 * this and PlainSelectField (its own module: a page without a select loads no NativeSelect); pages further
 * in, which load their own dialogs and menus, may keep TextField. Same markup and wiring as TextField's.
 */
export function PlainTextField({ label, helperText, error, disabled, required, fullWidth, sx, slotProps, htmlInput, ...input }: PlainTextFieldProps) {
  return (
    <PlainField
      {...{ label, helperText, error, disabled, required, fullWidth, sx, slotProps }}
      input={({ id, helperId, notched }) => <OutlinedInput id={id} label={label} notched={notched} aria-describedby={helperId} inputProps={htmlInput} {...input} />}
    />
  );
}
