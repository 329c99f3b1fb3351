import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

interface ErrorStateProps {
  message: string;
  onRetry: () => void;
  /** warning: what failed is not what the user is doing (a preview beside a recording that goes on). */
  severity?: 'error' | 'warning';
}

/** A failed load, said plainly, with the one thing the user can do about it. */
export function ErrorState({ message, onRetry, severity = 'error' }: ErrorStateProps) {
  return (
    <Alert
      severity={severity}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
