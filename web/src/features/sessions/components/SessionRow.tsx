import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import { LazyTooltip as Tooltip } from '@/components/feedback/LazyTooltip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { describeDuration, formatDateTime, formatDuration } from '@/lib/format';
import {
  provenanceChipLabel,
  provenanceLabel,
  retentionDeletionLabel,
  sessionConsentShortLabel,
  sessionProvenance,
  titleWithoutDefaultDate,
  type Session,
} from '@charta/contract';
import { SessionStatusChip } from '@/components/feedback/SessionStatusChip';
import { NO_CAPTURE_CLASS } from '@/lib/analytics';
import { VISUALLY_HIDDEN } from '@/lib/visually-hidden';

interface SessionRowProps {
  session: Session;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onRename: () => void;
  onDelete: () => void;
}

/** What retention deleted of a session, in a list row's few words (the session page says each in full). */
export function retentionRowLabel(session: Session): string | null {
  const { audio, transcript } = session.deletedByRetention ?? { audio: null, transcript: null };
  if (audio && transcript) return 'Audio and transcript deleted (your retention settings)';
  if (audio) return retentionDeletionLabel('audio', audio);
  if (transcript) return retentionDeletionLabel('transcript', transcript);
  return null;
}

/** One session: title (a link to it), patient and date, consent, duration, status, what retention deleted, and its actions. */
export function SessionRow({ session, selected, onSelect, onRename, onDelete }: SessionRowProps) {
  const duration = formatDuration(session.audioDurationSec);
  // Simulated output (the local AI emulator) or an offline demo-quality transcript says so in the list too,
  // in the words of the session page's banner (its title starts with the chip's; the tooltip is all of it).
  const provenance = sessionProvenance(session);
  // A default title is the patient and the day ("Ada Quist · 24 Nov 2026"): the line under it gives the date
  // once, in one format, and names the patient only when the clinician wrote a title of their own.
  const heading = titleWithoutDefaultDate(session);
  const facts = [heading === session.patientName ? null : session.patientName, formatDateTime(session.createdAt), session.consent ? sessionConsentShortLabel(session.consent) : null];
  const subtitle = facts.filter((fact) => fact !== null).join(' · ');
  const deleted = retentionRowLabel(session);
  return (
    <Box
      component="li"
      aria-label={session.title}
      className={NO_CAPTURE_CLASS}
      sx={{
        // Wide: one line. Compact (phones): duration and status move under the title, which keeps its width.
        display: 'grid',
        gridTemplateColumns: { xs: 'auto minmax(0, 1fr) auto', sm: 'auto minmax(0, 1fr) auto auto' },
        gridTemplateAreas: { xs: '"check main actions" ". meta ."', sm: '"check main meta actions"' },
        alignItems: 'center',
        columnGap: 1.5,
        px: 1,
        py: 1.25,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: selected ? 'action.selected' : undefined,
        '&:last-of-type': { borderBottom: 0 },
      }}
    >
      <Checkbox
        sx={{ gridArea: 'check' }}
        checked={selected}
        onChange={(event) => onSelect(event.target.checked)}
        slotProps={{ input: { 'aria-label': `Select ${session.title}` } }}
      />
      <Box sx={{ gridArea: 'main', minWidth: 0 }}>
        <Link
          component={RouterLink}
          to={paths.session.getHref(session.id)}
          underline="hover"
          // A 44 px tall target on a phone (WCAG 2.5.5), the title's own height on a desktop.
          sx={{ fontWeight: 600, display: { xs: 'flex', sm: 'block' }, alignItems: 'center', minHeight: { xs: 44, sm: 'auto' }, overflowWrap: 'anywhere' }}
        >
          {heading}
        </Link>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {subtitle}
        </Typography>
        {deleted && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {deleted}
          </Typography>
        )}
      </Box>
      <Box sx={{ gridArea: 'meta', display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.5, minWidth: 0, mt: { xs: 0.5, sm: 0 } }}>
        <Typography
          variant="body2"
          sx={{ fontVariantNumeric: 'tabular-nums', minWidth: { sm: 40 }, textAlign: { sm: 'right' } }}
          title={`Duration: ${describeDuration(session.audioDurationSec)}`}
        >
          <Box component="span" sx={VISUALLY_HIDDEN}>
            Duration{' '}
          </Box>
          {duration}
        </Typography>
        {provenance && (
          <Chip
            size="small"
            color="warning"
            variant={provenance.quality === 'simulated' ? 'filled' : 'outlined'}
            label={provenanceChipLabel(provenance)}
            title={provenanceLabel(provenance)}
            data-output-quality={provenance.quality}
          />
        )}
        <SessionStatusChip status={session.status} error={session.error} />
        {session.doneAt && <Chip size="small" color="success" variant="outlined" label="Done" title={`Marked done ${formatDateTime(session.doneAt)}`} />}
      </Box>
      <Box sx={{ gridArea: 'actions', display: 'flex' }}>
        <Tooltip title="Rename">
          <IconButton aria-label={`Rename ${session.title}`} onClick={onRename} size="small">
            <EditOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title="Delete">
          <IconButton aria-label={`Delete ${session.title}`} onClick={onDelete} size="small">
            <DeleteOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
    </Box>
  );
}
