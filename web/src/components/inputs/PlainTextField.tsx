import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { useId, type ReactNode } from 'react';

export interface PlainTextFieldProps
  extends Pick<OutlinedInputProps, 'type' | 'autoComplete' | 'autoFocus' | 'value' | 'onChange' | 'onBlur' | 'disabled' | 'error' | 'fullWidth' | 'name'> {
  label: string;
  helperText?: ReactNode;
  /** Attributes of the <input> itself (inputMode, maxLength, aria-required...), as TextField's slotProps.htmlInput. */
  htmlInput?: OutlinedInputProps['inputProps'];
}

/**
 * An outlined text field, as MUI's TextField draws it, built from the parts TextField itself composes
 * (FormControl, InputLabel, OutlinedInput, FormHelperText; MUI's "Components" section of the TextField docs).
 *
 * Why not TextField: it imports Select for its `select` prop whether or not a field uses it, and with Select
 * come Menu, Popover, Modal and focus trapping, about 16 KB (gzip) that the sign-in and sign-up pages, the
 * first thing a new visitor downloads, never run. Those pages use this; pages behind the shell, which load
 * Select anyway, keep TextField. Same markup and wiring: the label's `for`, the helper text's id in
 * aria-describedby, `error` on the label, input and helper text.
 */
export function PlainTextField({ label, helperText, htmlInput, error, disabled, fullWidth, ...input }: PlainTextFieldProps) {
  const id = useId();
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl variant="outlined" error={error} disabled={disabled} fullWidth={fullWidth}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput id={id} label={label} aria-describedby={helperId} inputProps={htmlInput} {...input} />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
