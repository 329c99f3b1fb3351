import { isProcessing, mayHaveTranscript, retentionDeletionLabel, titleWithoutDefaultDate, type LiveTranscript, type Session } from '@charta/contract';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Drawer from '@mui/material/Drawer';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { ErrorState } from '@/components/feedback/ErrorState';
import { SessionSkeleton } from '@/components/feedback/SessionSkeleton';
import { useShellPage } from '@/components/layout/use-shell-page';
import { useSessionTool } from '@/components/layout/session-tools-slot';
import { useNavigationState } from '@/components/layout/navigation-state';
import { paths } from '@/config/paths';
import { isHeldByPlanLimit } from '@/data/billing';
import { useLiveSession } from '@/data/live-session';
import { useMyClinic } from '@/data/my-clinic';
import { sessionKey } from '@/data/sessions';
import { ApiError } from '@/lib/api-client';
import { describeError } from '@/lib/error-message';
import { useDocumentation } from '../api/documentation';
import { processSession } from '../api/session';
import { useTranscript } from '../api/transcript';
import { useHeightAboveBottomNav } from '../hooks/use-height-above-bottom-nav';
import { useSessionChat } from '../hooks/use-session-chat';
import { useNoteSelection } from '../hooks/use-note-selection';
import { unresolvedFacts } from '@/lib/fact-flags';
import { usePhoneLayout } from '../hooks/use-phone-layout';
import { useSessionView } from '../hooks/use-session-view';
import { useTakingLong } from '../hooks/use-taking-long';
import { hasTimings } from '@/lib/speakers';
import { chatWarning } from '../lib/simulated-output';
import { ChatPanel } from './ChatPanel';
import { DocumentationPanel } from './DocumentationPanel';
import { PlanLimitHeld } from './PlanLimitHeld';
import { ProcessingFailed, ProcessingProgress } from './ProcessingProgress';
import { SessionHeader } from './SessionHeader';
import { ShareSessionDialog } from './ShareSessionDialog';
import { HIDDEN_PANEL, SessionViewTabs, useViewTabIds, viewPanelProps } from './SessionViewTabs';
import { TranscriptPanel } from './TranscriptPanel';

/** A phone's chat tab before it is measured (useHeightAboveBottomNav): about what the bars and the header leave. */
const PHONE_CHAT_HEIGHT = 'max(360px, calc(100dvh - 300px))';

/** The session page: progress while it is processed, then the note to check, edit and copy, beside its transcript. */
export function SessionPage() {
  const { sessionId = '' } = useParams();
  // While transcribing, the transcript so far too: the progress says how much is left ("the last 20 seconds").
  const { data: session, error, mutate, liveTranscript } = useLiveSession(sessionId, (current) => current !== undefined && isProcessing(current.status), {
    liveTranscriptWhile: (current) => current?.status === 'uploaded' || current?.status === 'transcribing',
  });
  // The heading names the session without the date a default title carries: the date is said once, below.
  useShellPage('sessions', session ? titleWithoutDefaultDate(session) : 'Session');

  let content: ReactNode;
  if (session) {
    content = <SessionWorkspace key={session.id} session={session} liveTranscript={liveTranscript} />;
  } else if (error instanceof ApiError && error.status === 404) {
    content = <Alert severity="warning">This session does not exist, or it was deleted.</Alert>;
  } else if (error) {
    content = <ErrorState message={describeError(error)} onRetry={() => void mutate()} />;
  } else {
    content = <SessionSkeleton label="Loading session…" />;
  }

  return (
    <Stack spacing={2}>
      <Box>
        <Button component={RouterLink} to={paths.sessions.getHref()} startIcon={<ArrowBack />}>
          All sessions
        </Button>
      </Box>
      {content}
    </Stack>
  );
}

function SessionWorkspace({ session, liveTranscript }: { session: Session; liveTranscript: LiveTranscript | undefined }) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const phone = usePhoneLayout();
  const [view, setView] = useSessionView();
  const tabIds = useViewTabIds();
  const { mutate: mutateCache } = useSWRConfig();
  const { status } = session;

  // What retention deleted is said where it was (docs/privacy.md "Retention"), and not asked for.
  const deleted = session.deletedByRetention;
  const audioDeleted = deleted?.audio ? retentionDeletionLabel('audio', deleted.audio) : null;
  const transcriptDeleted = deleted?.transcript ? retentionDeletionLabel('transcript', deleted.transcript) : null;
  const transcriptExists = mayHaveTranscript(status) && transcriptDeleted === null;
  const transcript = useTranscript(session.id, transcriptExists);
  const documentation = useDocumentation(session.id, status === 'ready');
  const chat = useSessionChat(session.id);
  // A phone's chat tab reaches down to just above the bottom navigation, its input in view (issue 23).
  const phoneChatRef = useRef<HTMLDivElement>(null);
  const phoneChatHeight = useHeightAboveBottomNav(phoneChatRef, phone && view === 'chat');
  const SessionTool = useSessionTool();
  const segments = transcript.data?.segments;
  const timed = transcript.data ? hasTimings(transcript.data) : false;

  const [retrying, setRetrying] = useState(false);
  const [retryError, setRetryError] = useState<string | null>(null);
  const takingLong = useTakingLong(session);
  // The step (by its start) at which Retry found a run still working: said once, until the session moves on.
  const [stillRunningAt, setStillRunningAt] = useState<string | null>(null);
  const [chatOpen, setChatOpen] = useState(false);
  // Sharing with a colleague (docs/clinics.md "Sharing a session"): offered in a clinic, with its other members.
  const myClinic = useMyClinic().data;
  const { user } = useNavigationState();
  const colleagues = myClinic?.clinic ? myClinic.members.filter((member) => member.uid !== user?.uid) : null;
  const [sharing, setSharing] = useState(false);
  const closeChatDrawer = useCallback(() => setChatOpen(false), []);
  const sections = documentation.data?.sections;
  // The section or sentence selected, its segments marked in the transcript, a segment's sentences in the note.
  const note = useNoteSelection({ sections, timed, wide, phone, setView, closeChatDrawer });

  const retry = async () => {
    setRetrying(true);
    setRetryError(null);
    try {
      const restarted = await processSession(session.id);
      // A run that still holds the session is left alone (202, the session as it was).
      if (restarted.status === session.status && restarted.updatedAt === session.updatedAt) setStillRunningAt(session.updatedAt);
      // The answer is the session back in processing: the page polls again from here.
      await mutateCache(sessionKey(session.id), restarted, { revalidate: false });
    } catch (error) {
      setRetryError(describeError(error));
    } finally {
      setRetrying(false);
    }
  };

  const chatPanel = (
    <ChatPanel
      chat={chat}
      available={transcript.data !== undefined}
      unavailableReason={transcriptDeleted}
      segments={segments}
      timed={timed}
      // Labelled as the note is: by the engine of the latest answer (the note's before the first one).
      warning={chatWarning(chat.messages.findLast((m) => m.engine !== undefined)?.engine ?? documentation.data?.engine, transcript.data?.engine)}
      onShowCitation={note.showCitation}
      // A phone's chat is a tab, not a panel to close.
      onClose={phone ? undefined : () => setChatOpen(false)}
      layout={wide ? { flex: '1 1 0' } : phone ? { height: phoneChatHeight === null ? PHONE_CHAT_HEIGHT : `${phoneChatHeight}px` } : { height: '100%' }}
    />
  );

  const transcriptPanel = (
    <TranscriptPanel
      sessionId={session.id}
      title={session.title}
      transcript={transcript.data}
      error={transcript.error}
      onRetry={() => void transcript.mutate()}
      hasAudio={session.audio_uri !== null}
      audioDeleted={audioDeleted}
      transcriptDeleted={transcriptDeleted}
      pending={!transcriptExists}
      focus={note.focus}
      onClearFocus={note.clearFocus}
      segmentUses={note.segmentUses}
      selectedSegmentId={note.selectedSegmentId}
      onSelectSegment={note.selectSegment}
      onGoToSentence={note.goToSentence}
      fillHeight={wide}
      layout={wide ? { flex: chatOpen ? '1 1 0' : '0 1 auto' } : undefined}
    />
  );

  let notePanel: ReactNode = null;
  if (status === 'ready') {
    if (documentation.data) {
      notePanel = (
        <DocumentationPanel
          sessionId={session.id}
          documentation={documentation.data}
          mutate={documentation.mutate}
          segments={segments}
          timed={timed}
          selection={note.selection}
          onSelectSection={note.selectSection}
          onShowSegment={note.showSegmentOfSection}
          linkedSentences={note.linkedSentences}
          onSelectSentence={note.selectSentence}
          onShowSentenceSegment={note.showSentenceSegment}
          reveal={note.reveal}
          onRevealFlag={note.revealFlag}
          transcriptEngine={transcript.data?.engine ?? session.transcriptEngine}
          session={session}
          transcriptDeleted={transcriptDeleted}
        />
      );
      // Extension builds: "Fill this page" above the note it fills from.
      if (SessionTool) {
        const facts = unresolvedFacts(documentation.data.sections);
        notePanel = (
          <Stack spacing={2}>
            <SessionTool
              documentationId={documentation.data.id}
              unresolvedFacts={facts}
              onReviewFacts={() => {
                if (facts[0]) note.revealFlag(facts[0].sectionId, facts[0].flagId);
              }}
            />
            {notePanel}
          </Stack>
        );
      }
    } else if (documentation.error) {
      notePanel = <ErrorState message={`The documentation could not be loaded. ${describeError(documentation.error)}`} onRetry={() => void documentation.mutate()} />;
    } else {
      notePanel = <NotePlaceholder label="Loading the documentation…" />;
    }
  } else if (isProcessing(status)) {
    notePanel = <NotePlaceholder label="The documentation appears here when it is written" text="The documentation appears here when it is written." />;
  } else if (status === 'failed') {
    notePanel = (
      <Card>
        <CardContent>
          <Typography color="text.secondary">
            {isHeldByPlanLimit(session)
              ? 'No documentation yet: it is written once the monthly limit no longer holds this session.'
              : 'No documentation yet. Retry above to write it; the transcript stays as it is.'}
          </Typography>
        </CardContent>
      </Card>
    );
  }

  return (
    <Stack spacing={2}>
      <SessionHeader
        session={session}
        chatOpen={chatOpen}
        chatAvailable={!phone && transcript.data !== undefined}
        onToggleChat={() => setChatOpen((open) => !open)}
        onShare={colleagues ? () => setSharing(true) : undefined}
      />
      {colleagues && <ShareSessionDialog open={sharing} onClose={() => setSharing(false)} sessionId={session.id} colleagues={colleagues} />}

      {status === 'draft' && (
        <Alert severity="info">
          This session has no audio yet. Record or upload it from the{' '}
          <RouterLink to={paths.record.getHref()} style={{ color: 'inherit', fontWeight: 600 }}>
            Record tab
          </RouterLink>
          .
        </Alert>
      )}
      {isProcessing(status) && (
        <ProcessingProgress
          session={session}
          liveTranscript={liveTranscript}
          takingLong={takingLong}
          stillRunning={stillRunningAt === session.updatedAt}
          retrying={retrying}
          onRetry={() => void retry()}
        />
      )}
      {status === 'failed' &&
        (isHeldByPlanLimit(session) ? (
          <PlanLimitHeld session={session} documenting={retrying} onDocument={() => void retry()} />
        ) : (
          <ProcessingFailed session={session} retrying={retrying} onRetry={() => void retry()} />
        ))}
      {retryError && (
        <Alert severity="error" role="alert" onClose={() => setRetryError(null)}>
          Could not start again: {retryError}
        </Alert>
      )}

      {status !== 'draft' && (
        // One tree for every size: the note and the transcript keep their places when the layout changes
        // (a tablet turned, a window resized), so what they hold (unsaved text, an open dialog, the playing
        // audio) is not dropped by a remount. On a phone the columns are tab panels.
        <Box sx={phone ? undefined : { display: 'grid', gridTemplateColumns: wide ? 'minmax(0, 1fr) minmax(340px, 420px)' : 'minmax(0, 1fr)', gap: 3, alignItems: 'start' }}>
          {phone && <SessionViewTabs view={view} onChange={setView} ids={tabIds} />}
          <Box sx={{ minWidth: 0, ...HIDDEN_PANEL }} {...(phone ? viewPanelProps(tabIds, 'note', view) : {})}>
            {notePanel}
          </Box>
          <Box
            sx={{
              ...(wide
                ? {
                    position: 'sticky',
                    top: 88,
                    // The column never runs past the screen: the transcript (and the chat) scroll inside it.
                    [chatOpen ? 'height' : 'maxHeight']: 'calc(100dvh - 112px)',
                    display: 'flex',
                    flexDirection: 'column',
                    gap: 2,
                    minHeight: 0,
                  }
                : { display: 'flex', flexDirection: 'column', gap: 2 }),
              ...HIDDEN_PANEL,
            }}
            {...(phone ? viewPanelProps(tabIds, 'transcript', view) : {})}
          >
            {transcriptPanel}
            {wide && chatOpen && chatPanel}
          </Box>
          {phone && (
            <Box ref={phoneChatRef} sx={HIDDEN_PANEL} {...viewPanelProps(tabIds, 'chat', view)}>
              {chatPanel}
            </Box>
          )}
        </Box>
      )}

      {!wide && !phone && (
        <Drawer anchor="right" open={chatOpen} onClose={() => setChatOpen(false)} slotProps={{ paper: { sx: { width: '100%', maxWidth: 480 } } }}>
          <Box sx={{ height: '100%', p: 1 }}>{chatPanel}</Box>
        </Drawer>
      )}
    </Stack>
  );
}

function NotePlaceholder({ label, text }: { label: string; text?: string }) {
  return (
    <Card role="status" aria-busy="true" aria-label={label}>
      <CardContent>
        <Stack spacing={1}>
          {text && <Typography color="text.secondary">{text}</Typography>}
          <Skeleton width="30%" height={32} />
          <Skeleton />
          <Skeleton width="85%" />
          <Skeleton width="30%" height={32} sx={{ mt: 2 }} />
          <Skeleton />
          <Skeleton width="70%" />
        </Stack>
      </CardContent>
    </Card>
  );
}
