import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';

interface UploadDoneAlertProps {
  title: string;
  /** The session the audio belongs to, linked when known. */
  sessionId: string | null | undefined;
  onClose: () => void;
  children: ReactNode;
}

/** An upload (recording or file) is stored: what happened, the way to its session, and Close. */
export function UploadDoneAlert({ title, sessionId, onClose, children }: UploadDoneAlertProps) {
  return (
    <Alert
      severity="success"
      action={
        <Button color="inherit" size="small" onClick={onClose}>
          Close
        </Button>
      }
    >
      <AlertTitle>{title}</AlertTitle>
      {children}{' '}
      {sessionId && (
        <RouterLink to={paths.session.getHref(sessionId)} style={{ color: 'inherit', fontWeight: 600 }}>
          Open the session
        </RouterLink>
      )}
    </Alert>
  );
}
