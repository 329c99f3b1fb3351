import type { Session } from '@charta/contract';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SessionStatusChip } from '@/components/feedback/SessionStatusChip';
import { DOCUMENTATION_LANGUAGES } from '@/config/languages';
import { describeDuration, formatDateTime, formatDuration } from '@/lib/format';
import { NO_CAPTURE_CLASS } from '@/lib/analytics';

interface SessionHeaderProps {
  session: Session;
  chatOpen: boolean;
  chatAvailable: boolean;
  onToggleChat: () => void;
}

/** Who, when, how long, where it stands, and the way into the chat. */
export function SessionHeader({ session, chatOpen, chatAvailable, onToggleChat }: SessionHeaderProps) {
  const language = DOCUMENTATION_LANGUAGES.find((l) => l.tag === session.language)?.label ?? session.language;
  return (
    <Stack direction="row" className={NO_CAPTURE_CLASS} sx={{ alignItems: 'flex-start', gap: 2, flexWrap: 'wrap' }}>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        {/* The shell's header already shows the session's title: here, who it is for and the facts. */}
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
          <Typography variant="h2" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {session.patientName}
          </Typography>
          <SessionStatusChip status={session.status} error={session.error} />
        </Stack>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {formatDateTime(session.createdAt)}
          {session.audioDurationSec !== null && (
            <>
              {' · '}
              <span title={describeDuration(session.audioDurationSec)}>{formatDuration(session.audioDurationSec)}</span>
            </>
          )}
          {' · '}
          {language}
        </Typography>
      </Box>
      {chatAvailable && (
        <Button variant={chatOpen ? 'contained' : 'outlined'} startIcon={<ForumOutlined />} onClick={onToggleChat} aria-expanded={chatOpen}>
          {chatOpen ? 'Hide chat' : 'Chat'}
        </Button>
      )}
    </Stack>
  );
}
