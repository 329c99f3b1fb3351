import { CHAT_ANSWER_SOURCE_LABELS, CHAT_LIMITS, ENGINE_QUALITY_LABELS, engineQuality, type ChatMessage, type Evidence, type TranscriptSegment } from '@charta/contract';
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
import { OutputWarningAlert } from '@/components/feedback/OutputWarningAlert';
import { NO_CAPTURE_CLASS } from '@/lib/analytics';
import type { OutputWarning } from '@/lib/output-quality';
import type { useSessionChat } from '../hooks/use-session-chat';
import { SegmentQuoteList } from './SectionSupport';

const SUGGESTIONS = ['What medications were mentioned?', 'What is the plan?', 'Did the patient mention allergies?'] as const;

interface ChatPanelProps {
  chat: ReturnType<typeof useSessionChat>;
  /** The transcript is there to ask about. */
  available: boolean;
  /** Why not, when it never will be again: retention deleted the transcript ("Transcript deleted on 3 Dec (…)"). */
  unavailableReason?: string | null;
  segments: readonly TranscriptSegment[] | undefined;
  timed: boolean;
  /** What the answers are, when no real model wrote them from this recording (lib/simulated-output.ts chatWarning). */
  warning?: OutputWarning | null;
  onShowCitation: (evidence: readonly Evidence[], segmentId: string) => void;
  /** Closes the panel; absent where the chat is not a panel to close (a phone's tab). */
  onClose?: (() => void) | undefined;
  /** Where it sits: it fills the height it is given, the messages scrolling inside. */
  layout?: { flex?: string; height?: string };
}

/**
 * Questions about the session, answered from its transcript and its note as it is now: each answer cites the
 * transcript segments it used and says when it comes from the note instead. The server keeps the conversation.
 */
export function ChatPanel({ chat, available, unavailableReason = null, segments, timed, warning = null, onShowCitation, onClose, layout }: ChatPanelProps) {
  const [question, setQuestion] = useState('');
  const logRef = useRef<HTMLDivElement>(null);
  const { messages, pending, sending, error, loading, loadError, limit } = chat;

  // The newest message in view, as in any chat.
  useEffect(() => {
    const log = logRef.current;
    log?.scrollTo?.({ top: log.scrollHeight, behavior: 'smooth' });
  }, [messages.length, sending, pending]);

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

  const empty = !loading && loadError === null && messages.length === 0 && pending === null;

  return (
    <Card component="section" aria-labelledby="chat-heading" className={NO_CAPTURE_CLASS} sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, ...layout }}>
      <Stack direction="row" sx={{ alignItems: 'center', px: 2, pt: 1.5, pb: 1 }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography id="chat-heading" variant="h2" sx={{ fontSize: '1.125rem' }}>
            Chat with this session
          </Typography>
          <Typography variant="caption" color="text.secondary">
            Kept with the session: the last {Math.floor(limit / 2)} questions and answers
          </Typography>
        </Box>
        {onClose && (
          <IconButton aria-label="Close chat" onClick={onClose} size="small">
            <Close fontSize="small" />
          </IconButton>
        )}
      </Stack>

      <Box ref={logRef} role="log" aria-label="Chat messages" aria-live="polite" sx={{ flex: '1 1 0', overflowY: 'auto', px: 2, minHeight: 0 }}>
        <OutputWarningAlert warning={warning} />
        {loading && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary', py: 1 }}>
            <CircularProgress size={16} aria-hidden />
            <Typography variant="body2">Loading this session’s chat…</Typography>
          </Stack>
        )}
        {loadError !== null && (
          <Alert
            severity="error"
            sx={{ my: 1 }}
            action={
              <Button color="inherit" size="small" onClick={chat.reload}>
                Try again
              </Button>
            }
          >
            The earlier questions could not be loaded: {loadError}
          </Alert>
        )}
        {empty && (
          <Stack spacing={1.5} sx={{ py: 1 }}>
            <Typography variant="body2" color="text.secondary">
              {available
                ? 'Ask anything about this session. Answers come from the transcript, citing the segments they are based on, and from the note as it is now (they say when it is the note).'
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
          {messages.map((message) => (
            <MessageBubble key={message.id} message={message} segments={segments} timed={timed} onShowCitation={onShowCitation} />
          ))}
          {pending !== null && <Bubble mine>{pending}</Bubble>}
          {sending && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }}>
              <CircularProgress size={16} aria-hidden />
              <Typography variant="body2">Reading the transcript and the note…</Typography>
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
          fullWidth
          disabled={!available}
          slotProps={{ htmlInput: { maxLength: CHAT_LIMITS.question } }}
        />
        <IconButton type="submit" aria-label="Send" color="primary" disabled={!available || sending || !question.trim()}>
          <Send />
        </IconButton>
      </Box>
    </Card>
  );
}

function Bubble({ mine, caption, children }: { mine: boolean; caption?: string; children: string }) {
  return (
    <Box sx={{ alignSelf: mine ? 'flex-end' : 'flex-start', maxWidth: '90%' }}>
      <Typography variant="caption" color="text.secondary">
        {caption ?? (mine ? 'You' : 'Charta')}
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
        <Typography variant="body2">{children}</Typography>
      </Box>
    </Box>
  );
}

interface MessageBubbleProps {
  message: ChatMessage;
  segments: readonly TranscriptSegment[] | undefined;
  timed: boolean;
  onShowCitation: (evidence: readonly Evidence[], segmentId: string) => void;
}

function MessageBubble({ message, segments, timed, onShowCitation }: MessageBubbleProps) {
  if (message.role === 'user') return <Bubble mine>{message.content}</Bubble>;
  const evidence = message.evidence;
  const cited = evidence.flatMap((e) => {
    const segment = segments?.find((s) => s.id === e.segmentId);
    return segment ? [{ segment, quote: e.quote }] : [];
  });
  const fromNote = message.source === 'note' || message.source === 'transcript_and_note';
  const noteSections = (message.noteSections ?? []).map((s) => s.title).join(', ');
  // Each answer says what wrote it too, as a note's copy does: a simulated answer is never mistaken for a model's.
  const simulated = engineQuality(message.engine) === 'simulated';
  return (
    <Box sx={{ alignSelf: 'flex-start', maxWidth: '90%' }}>
      <Bubble mine={false} caption={simulated ? `Charta · ${ENGINE_QUALITY_LABELS.simulated}` : 'Charta'}>
        {message.content}
      </Bubble>
      {message.source && (
        <Typography variant="caption" component="p" sx={{ mt: 0.5, color: fromNote ? 'text.primary' : 'text.secondary', fontWeight: fromNote ? 600 : undefined }}>
          {CHAT_ANSWER_SOURCE_LABELS[message.source]}
          {fromNote && noteSections ? ` (${noteSections})` : ''}
        </Typography>
      )}
      {cited.length > 0 && (
        <Box sx={{ mt: 0.5 }}>
          <SegmentQuoteList label="Cited transcript segments" cited={cited} timed={timed} onShowSegment={(segmentId) => onShowCitation(evidence, segmentId)} />
        </Box>
      )}
    </Box>
  );
}
