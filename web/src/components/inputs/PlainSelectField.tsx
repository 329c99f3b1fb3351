import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { ChangeEvent, ReactNode } from 'react';
import { PlainField, type PlainFieldProps } from './PlainTextField';

export interface PlainSelectFieldProps extends PlainFieldProps {
  value: string;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
  /** The <option>s. */
  children: ReactNode;
}

/**
 * A select field as TextField draws it with `select` and `slotProps.select.native`: the browser's own
 * <select> (a phone's own picker), without Select's Menu (see PlainTextField).
 */
export function PlainSelectField({ label, helperText, error, disabled, required, fullWidth, sx, slotProps, value, onChange, children }: PlainSelectFieldProps) {
  return (
    <PlainField
      {...{ label, helperText, error, disabled, required, fullWidth, sx, slotProps }}
      input={({ id, helperId, notched }) => (
        <NativeSelect id={id} value={value} onChange={onChange} aria-describedby={helperId} input={<OutlinedInput label={label} notched={notched} />}>
          {children}
        </NativeSelect>
      )}
    />
  );
}
