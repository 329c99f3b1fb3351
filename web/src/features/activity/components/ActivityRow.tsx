import FilterAltOutlined from '@mui/icons-material/FilterAltOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import { LazyTooltip as Tooltip } from '@/components/feedback/LazyTooltip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { AUDIT_ACTION_LABELS, AUDIT_CLIENT_LABELS, AUDIT_OUTCOME_LABELS, signInMethodLabel, type AuditEntry } from '@charta/contract';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';

/** What happened, in a clinician's words (with the sign-in method for a sign-in). */
export function describeEntry(entry: AuditEntry): string {
  const label = AUDIT_ACTION_LABELS[entry.action];
  return entry.signInMethod ? `${label} (${signInMethodLabel(entry.signInMethod)})` : label;
}

/** Where it came from: the app and a short fingerprint of the address (a keyed hash: the same place, the same letters). */
function describeOrigin(entry: AuditEntry): string {
  const client = AUDIT_CLIENT_LABELS[entry.client];
  const reported = entry.observedBy === 'client' ? ', reported by the app' : '';
  return entry.addressHash ? `${client}${reported} · address ${entry.addressHash.slice(0, 6)}` : `${client}${reported}`;
}

interface ActivityRowProps {
  entry: AuditEntry;
  /** Shows only this entry's session (absent while the list already does). */
  onFilterBySession?: (sessionId: string) => void;
}

/** One entry: what, when and from where; a refusal marked; its session, to open or to filter by. */
export function ActivityRow({ entry, onFilterBySession }: ActivityRowProps) {
  const what = describeEntry(entry);
  const when = formatDateTime(entry.at);
  return (
    <Box
      component="li"
      aria-label={`${what}, ${when}`}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 1fr) auto' },
        alignItems: 'center',
        columnGap: 2,
        rowGap: 0.5,
        px: 2,
        py: 1.25,
        borderBottom: 1,
        borderColor: 'divider',
        '&:last-of-type': { borderBottom: 0 },
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 600 }}>{what}</Typography>
          {entry.outcome !== 'done' && <Chip size="small" color={entry.outcome === 'failed' ? 'error' : 'warning'} variant="outlined" label={AUDIT_OUTCOME_LABELS[entry.outcome]} />}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          <time dateTime={entry.at}>{when}</time> · {describeOrigin(entry)}
        </Typography>
      </Box>
      {entry.sessionId && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Link component={RouterLink} to={paths.session.getHref(entry.sessionId)} underline="hover" variant="body2" sx={{ display: 'inline-flex', alignItems: 'center', minHeight: { xs: 44, sm: 'auto' } }}>
            Open session
          </Link>
          {onFilterBySession && (
            <Tooltip title="Only this session’s activity">
              <IconButton size="small" aria-label="Only this session’s activity" onClick={() => onFilterBySession(entry.sessionId ?? '')}>
                <FilterAltOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Box>
      )}
    </Box>
  );
}
