import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useNotify } from '@/components/feedback/notifications';
import { describeLockAfter, LOCK_AFTER_CHOICES_MINUTES, useLockAfterSeconds, writeLockAfterSeconds } from './lock-settings';

/** Settings → Automatic lock: how long Charta waits, unused, before it locks on this device. */
export function AutoLockSetting() {
  const notify = useNotify();
  const lockAfterSeconds = useLockAfterSeconds();
  const choices = LOCK_AFTER_CHOICES_MINUTES.map((minutes) => minutes * 60);
  // A stored time that is not one of the choices (set outside Settings) stays selectable rather than hidden.
  const options = choices.includes(lockAfterSeconds) ? choices : [lockAfterSeconds, ...choices];

  return (
    <Card component="section" aria-labelledby="auto-lock-heading">
      <CardContent>
        <Typography id="auto-lock-heading" variant="h2" sx={{ mb: 0.5 }}>
          Automatic lock
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          When Charta is not used for a while on this device, it covers your patients’ data and asks for your password (or your
          usual way of signing in) before showing it again. A recording goes on under the lock.
        </Typography>
        <TextField
          select
          label="Lock after"
          value={lockAfterSeconds}
          onChange={(event) => {
            const seconds = Number(event.target.value);
            writeLockAfterSeconds(seconds);
            notify({ message: `Charta will lock after ${describeLockAfter(seconds)} unused`, severity: 'success' });
          }}
          sx={{ minWidth: 220 }}
        >
          {options.map((seconds) => (
            <MenuItem key={seconds} value={seconds}>
              {describeLockAfter(seconds)}
            </MenuItem>
          ))}
        </TextField>
      </CardContent>
    </Card>
  );
}
