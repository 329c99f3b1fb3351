import { DOCUMENTATION_LIMITS, type Evidence, type TranscriptSegment } from '@charta/contract';
import Close from '@mui/icons-material/Close';
import Send from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { formatClock } from '@/lib/format';
import { NO_CAPTURE_CLASS } from '@/lib/analytics';
import type { ChatMessage } from '../api/types';
import type { useSessionChat } from '../hooks/use-session-chat';
import { speakerLabel } from '@/lib/speakers';

const SUGGESTIONS = ['What medications were mentioned?', 'What is the plan?', 'Did the patient mention allergies?'] as const;

interface ChatPanelProps {
  chat: ReturnType<typeof useSessionChat>;
  /** The transcript is there to ask about. */
  available: boolean;
  /** Why not, when it never will be again: retention deleted the transcript ("Transcript deleted on 3 Dec (…)"). */
  unavailableReason?: string | null;
  segments: readonly TranscriptSegment[] | undefined;
  timed: boolean;
  onShowCitation: (evidence: readonly Evidence[], segmentId: string) => void;
  /** Closes the panel; absent where the chat is not a panel to close (a phone's tab). */
  onClose?: (() => void) | undefined;
  /** Where it sits: it fills the height it is given, the messages scrolling inside. */
  layout?: { flex?: string; height?: string };
}

/** Questions about the session, answered from its transcript, each answer citing the segments it used. */
export function ChatPanel({ chat, available, unavailableReason = null, segments, timed, onShowCitation, onClose, layout }: ChatPanelProps) {
  const [question, setQuestion] = useState('');
  const logRef = useRef<HTMLDivElement>(null);
  const { messages, sending, error } = chat;

  // The newest message in view, as in any chat.
  useEffect(() => {
    const log = logRef.current;
    log?.scrollTo?.({ top: log.scrollHeight, behavior: 'smooth' });
  }, [messages.length, sending]);

  const send = (text: string) => {
    if (!text.trim() || sending || !available) return;
    setQuestion('');
    void chat.send(text);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(question);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    // Enter sends; Shift+Enter starts a new line.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send(question);
    }
  };

  return (
    <Card component="section" aria-labelledby="chat-heading" className={NO_CAPTURE_CLASS} sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, ...layout }}>
      <Stack direction="row" sx={{ alignItems: 'center', px: 2, pt: 1.5, pb: 1 }}>
        <Typography id="chat-heading" variant="h2" sx={{ fontSize: '1.125rem', flexGrow: 1 }}>
          Chat with this session
        </Typography>
        {onClose && (
          <IconButton aria-label="Close chat" onClick={onClose} size="small">
            <Close fontSize="small" />
          </IconButton>
        )}
      </Stack>

      <Box ref={logRef} role="log" aria-label="Chat messages" aria-live="polite" sx={{ flex: '1 1 0', overflowY: 'auto', px: 2, minHeight: 0 }}>
        {messages.length === 0 && (
          <Stack spacing={1.5} sx={{ py: 1 }}>
            <Typography variant="body2" color="text.secondary">
              {available
                ? 'Ask anything about this session. Answers come from the transcript and show the segments they are based on.'
                : unavailableReason
                  ? `${unavailableReason}: the chat answers from it, so it is unavailable.`
                  : 'You can ask questions once the transcript is ready.'}
            </Typography>
            {available && (
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                {SUGGESTIONS.map((s) => (
                  <Chip key={s} label={s} variant="outlined" onClick={() => send(s)} disabled={sending} />
                ))}
              </Stack>
            )}
          </Stack>
        )}
        <Stack spacing={1.5} sx={{ py: 1 }}>
          {messages.map((message, index) => (
            <MessageBubble key={index} message={message} segments={segments} timed={timed} onShowCitation={onShowCitation} />
          ))}
          {sending && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }}>
              <CircularProgress size={16} aria-hidden />
              <Typography variant="body2">Reading the transcript…</Typography>
            </Stack>
          )}
          {error && (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void chat.retry()}>
                  Try again
                </Button>
              }
            >
              No answer: {error}
            </Alert>
          )}
        </Stack>
      </Box>

      <Box component="form" onSubmit={submit} sx={{ display: 'flex', gap: 1, alignItems: 'flex-end', p: 2, pt: 1 }}>
        <TextField
          label="Ask about this session"
          value={question}
          onChange={(event) => setQuestion(event.target.value)}
          onKeyDown={onKeyDown}
          multiline
          maxRows={4}
          size="small"
          disabled={!available}
          slotProps={{ htmlInput: { maxLength: DOCUMENTATION_LIMITS.chatMessage } }}
        />
        <IconButton type="submit" aria-label="Send" color="primary" disabled={!available || sending || !question.trim()}>
          <Send />
        </IconButton>
      </Box>
    </Card>
  );
}

interface MessageBubbleProps {
  message: ChatMessage;
  segments: readonly TranscriptSegment[] | undefined;
  timed: boolean;
  onShowCitation: (evidence: readonly Evidence[], segmentId: string) => void;
}

function MessageBubble({ message, segments, timed, onShowCitation }: MessageBubbleProps) {
  const mine = message.role === 'user';
  const evidence = message.evidence ?? [];
  return (
    <Box sx={{ alignSelf: mine ? 'flex-end' : 'flex-start', maxWidth: '90%' }}>
      <Typography variant="caption" color="text.secondary">
        {mine ? 'You' : 'Charta'}
      </Typography>
      <Box
        sx={{
          px: 1.5,
          py: 1,
          borderRadius: 2,
          whiteSpace: 'pre-wrap',
          bgcolor: mine ? 'primary.main' : 'action.hover',
          color: mine ? 'primary.contrastText' : 'text.primary',
        }}
      >
        <Typography variant="body2">{message.content}</Typography>
      </Box>
      {!mine && evidence.length > 0 && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5, alignItems: 'center' }} role="group" aria-label="Cited segments">
          <Typography variant="caption" color="text.secondary">
            Sources:
          </Typography>
          {evidence.map((e) => {
            const segment = segments?.find((s) => s.id === e.segmentId);
            const label = segment ? `${speakerLabel(segment.speaker)}${timed ? ` ${formatClock(segment.startMs)}` : ''}` : 'Transcript';
            return <Chip key={e.segmentId} size="small" label={label} title={e.quote} onClick={() => onShowCitation(evidence, e.segmentId)} aria-label={`Show in transcript: ${label}`} />;
          })}
        </Stack>
      )}
    </Box>
  );
}
