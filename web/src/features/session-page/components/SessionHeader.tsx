import { sessionConsentLabel, titleWithoutDefaultDate, type Session } from '@charta/contract';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import { SessionStatusChip } from '@/components/feedback/SessionStatusChip';
import { DOCUMENTATION_LANGUAGES } from '@/config/languages';
import { describeDuration, formatDateTime, formatDuration } from '@/lib/format';
import { NO_CAPTURE_CLASS } from '@/lib/analytics';
import { useTemplateList } from '@/data/templates';

interface SessionHeaderProps {
  session: Session;
  chatOpen: boolean;
  chatAvailable: boolean;
  onToggleChat: () => void;
  /** Opens sharing with a colleague; absent outside a clinic (there is no one to share with). */
  onShare?: (() => void) | undefined;
}

/**
 * The facts under the page's title (the shell's heading names the session: its title, or the patient for a
 * default title): the date once, in one format, how long, the language and template, where it stands, the
 * way to share it with a colleague (in a clinic) and the way into the chat. The patient is named here only when the title is one the clinician wrote.
 */
export function SessionHeader({ session, chatOpen, chatAvailable, onToggleChat, onShare }: SessionHeaderProps) {
  const language = DOCUMENTATION_LANGUAGES.find((l) => l.tag === session.language)?.label ?? session.language;
  // The list the Record tab reads (one cached request): a template deleted since is simply not named.
  const template = useTemplateList().data?.templates.find((t) => t.id === session.templateId);
  const namesPatient = titleWithoutDefaultDate(session) !== session.patientName;
  const facts = [
    namesPatient ? `For ${session.patientName}` : null,
    formatDateTime(session.createdAt),
    session.audioDurationSec !== null ? (
      <span key="duration" title={describeDuration(session.audioDurationSec)}>
        {formatDuration(session.audioDurationSec)}
      </span>
    ) : null,
    language,
    template ? template.name : null,
  ].filter((fact) => fact !== null);
  // The patient's consent to the recording (docs/privacy.md "Consent"); a recorded session without one says so.
  const recorded = session.audioDurationSec !== null || session.audio_uri !== null || Boolean(session.deletedByRetention?.audio);
  const consent = session.consent ? sessionConsentLabel(session.consent, { formatWhen: formatDateTime }) : recorded ? 'No consent recorded' : null;
  return (
    <Stack direction="row" className={NO_CAPTURE_CLASS} sx={{ alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
      <Stack sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {facts.map((fact, index) => (
            <Fragment key={index}>
              {index > 0 && ' · '}
              {fact}
            </Fragment>
          ))}
        </Typography>
        {consent && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {consent}
          </Typography>
        )}
      </Stack>
      <SessionStatusChip status={session.status} error={session.error} />
      {onShare && (
        <Button variant="outlined" startIcon={<PersonAddAlt1Outlined />} onClick={onShare} aria-haspopup="dialog">
          Share
        </Button>
      )}
      {chatAvailable && (
        <Button variant={chatOpen ? 'contained' : 'outlined'} startIcon={<ForumOutlined />} onClick={onToggleChat} aria-expanded={chatOpen}>
          {chatOpen ? 'Hide chat' : 'Chat'}
        </Button>
      )}
    </Stack>
  );
}
