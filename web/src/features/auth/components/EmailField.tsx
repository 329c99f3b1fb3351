import { PlainTextField } from '@/components/inputs/PlainTextField';

/** The address asked for first on the code and reset forms: focused, required, its error under it. */
export function EmailField({ value, onChange, error }: { value: string; onChange: (email: string) => void; error?: string }) {
  return (
    <PlainTextField
      label="Email"
      type="email"
      autoComplete="email"
      autoFocus
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error}
      htmlInput={{ 'aria-required': true }}
    />
  );
}
