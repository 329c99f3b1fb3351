import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { DEFAULT_CONSENT_SETTINGS, type ConsentMethod, type ProfileResponse, type TemplatesPage } from '@charta/contract';
import { memo, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useNavigationState } from '@/components/layout/navigation-state';
import { useShellPage } from '@/components/layout/use-shell-page';
import { FALLBACK_LANGUAGE } from '@/config/languages';
import { useProfile, useUpdateProfile } from '@/data/profile';
import { useTemplateList } from '@/data/templates';
import { signedInHint } from '@/lib/signed-in-hint';
import { useBeforeUnload } from '@/lib/use-before-unload';
import { useFileUpload, type CheckedFile } from '../hooks/use-file-upload';
import { useMicrophones } from '../hooks/use-microphones';
import { useOnlineStatus } from '../hooks/use-online-status';
import { useRecorderSession } from '../hooks/recorder-provider';
import { useRecordingUploads } from '../hooks/use-recording-uploads';
import { FileUploadCard } from './FileUploadCard';
import { useLiveTranscriptView } from './live-transcript-loader';
import { PasteNotes } from './PasteNotes';
import { RecorderCard } from './RecorderCard';
import { rememberedTemplates, rememberTemplates } from '../lib/templates-on-device';
import { SessionSetupFields } from './SessionSetupFields';
import { useRecordPageLater } from './record-page-later';

const MICROPHONE_STORAGE_KEY = 'charta-microphone';

function storedMicrophone(): string {
  try {
    return localStorage.getItem(MICROPHONE_STORAGE_KEY) ?? '';
  } catch {
    return '';
  }
}

/** The default tab: who the session is for, then record it (or upload a file), never losing audio. */
export function RecordPage() {
  const profile = useProfile();
  const templates = useTemplateList();
  // The profile and the templates arrive a second or so after the tab painted (they wait for Firebase Auth), and
  // SWR hands each over at once: each re-rendered the whole tab (about 400 components, the first-run card's
  // included) in one long task on a phone. Deferred, the urgent render stops here, and React renders the tab
  // with the new data in slices that leave it answering taps (docs/first-load.md).
  const deferredProfile = useDeferredValue(profile.data);
  const deferredTemplates = useDeferredValue(templates.data);
  const deferredTemplatesError: unknown = useDeferredValue<unknown>(templates.error);
  return <RecordTab profile={deferredProfile} templates={deferredTemplates} templatesError={deferredTemplatesError} reloadTemplates={templates.mutate} />;
}

interface RecordTabProps {
  profile: ProfileResponse | undefined;
  templates: TemplatesPage | undefined;
  templatesError: unknown;
  reloadTemplates: () => unknown;
}

const RecordTab = memo(function RecordTab({ profile: profileData, templates: templatesData, templatesError, reloadTemplates }: RecordTabProps) {
  useShellPage('record', 'Record');
  const { user } = useNavigationState();
  const online = useOnlineStatus();

  // The first-run step (until done or skipped): above the form on a wide screen; on a phone below the recorder,
  // whose Start stays in view without scrolling (placed, not reordered by CSS, so reading order is what shows).
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const updateProfile = useUpdateProfile();
  // The recorder and what the clinician typed live in the shell's RecorderProvider: both outlast this page
  // while the clinician looks at another one.
  const { recorder, active: recording, draft, changeDraft, followedRecordingId, stop: stopRecording } = useRecorderSession();
  const { patientName, templateId: chosenTemplateId, language: chosenLanguage } = draft;
  const setPatientName = (value: string) => changeDraft({ patientName: value });
  const [patientNameError, setPatientNameError] = useState<string | null>(null);
  // Until the profile answers, ask: the setting is on by default, and the API refuses audio without consent
  // while it is on (docs/privacy.md "Consent").
  const consentSettings = profileData?.profile.consent ?? DEFAULT_CONSENT_SETTINGS;
  // What waits for the patient's consent: the recording, or the file picked to upload.
  const [awaitingConsent, setAwaitingConsent] = useState<{ action: 'record' } | { action: 'upload'; file: CheckedFile } | null>(null);
  // A picked file uploaded lately (by its checksum), waiting for the clinician to say: open that session, or upload again.
  const [duplicate, setDuplicate] = useState<CheckedFile | null>(null);

  // The user's choice wins; until they make one, the profile's defaults, else the first built-in template:
  // not simply the first listed, which a template just added from the library or made would become.
  // With no connection, the list this device last loaded (ids and names): a recording can start offline.
  const loadedTemplates = templatesData?.templates;
  const uid = user?.uid ?? null;
  useEffect(() => {
    if (uid && loadedTemplates) rememberTemplates(uid, loadedTemplates);
  }, [uid, loadedTemplates]);
  const failedToLoad = Boolean(templatesError);
  // Before Firebase Auth has said who is signed in (this tab paints first on a browser signed in last time,
  // lib/signed-in-hint.ts), the names kept for the user expected; the API's list once it is known and loaded.
  const userPending = uid === null;
  const templatesOnDevice = useMemo(() => {
    const owner = uid ?? signedInHint();
    return (failedToLoad || userPending) && owner ? rememberedTemplates(owner) : null;
  }, [failedToLoad, userPending, uid]);
  const templateList = loadedTemplates ?? templatesOnDevice ?? undefined;
  const defaultTemplateId = profileData?.profile.defaultTemplateId ?? null;
  const fallbackTemplateId = (templateList?.find((t) => t.source === 'builtin') ?? templateList?.[0])?.id ?? '';
  const templateId =
    chosenTemplateId ?? (defaultTemplateId && templateList?.some((t) => t.id === defaultTemplateId) ? defaultTemplateId : fallbackTemplateId);
  const language = chosenLanguage ?? profileData?.profile.defaultLanguage ?? FALLBACK_LANGUAGE;

  const { microphones, permission, refresh: refreshMicrophones } = useMicrophones();
  const [deviceId, setDeviceId] = useState(storedMicrophone);
  const { manager, entries: allEntries } = useRecordingUploads();
  const entries = allEntries.filter((entry) => entry.uid === user?.uid);
  const fileUpload = useFileUpload();
  // What the tab never shows at its first paint, loaded after it (record-page-later.ts); null until then. A load
  // that failed is tried again when any of what they would show changes: the connection, a question to ask
  // (consent, a duplicate file), the recordings on the device or the picked file's upload.
  const later = useRecordPageLater(
    `${online}-${awaitingConsent !== null}-${duplicate !== null}-${allEntries.length}-${fileUpload.state.phase}`,
  );
  const firstRun = profileData && profileData.profile.firstRunCompletedAt === null && !recording && later ? <later.FirstRunCard profile={profileData.profile} templates={loadedTemplates} /> : null;

  // What the recorder shows in its clock's place: the latest of a stopped recording and a picked file.
  const [latest, setLatest] = useState<'recording' | 'file'>('recording');
  useEffect(() => {
    if (recorder.status === 'recording') setLatest('recording');
  }, [recorder.status]);
  const fileInRecorder = latest === 'file' && fileUpload.state.phase !== 'idle';
  const followed = entries.find((entry) => entry.recordingId === followedRecordingId) ?? null;
  // The recording under way: its session names the transcript so far.
  const underWay = recording ? (entries.find((entry) => entry.recordingId === recorder.recordingId) ?? null) : null;
  const LiveTranscript = useLiveTranscriptView(`${recording}-${online}`);
  const uploadCard = (entry: (typeof entries)[number], inline = false) =>
    later && (
      <later.RecordingUploadCard
        key={entry.recordingId}
        entry={entry}
        online={online}
        onRetry={() => manager.retry(entry.recordingId)}
        onDiscard={() => manager.discard(entry.recordingId)}
        onDismiss={() => manager.dismiss(entry.recordingId)}
        inline={inline}
        // Only the one just stopped, and only while the clinician has not begun the next (a typed name would be lost).
        openWhenReady={inline && recorder.status === 'idle' && !patientName.trim()}
      />
    );

  const fileProgress = fileUpload.state.phase !== 'idle' && later && (
    <later.FileUploadProgress
      // One per upload: a file picked after the last one's session was made starts over (its watcher, its scroll).
      key={fileUpload.state.sessionId ?? 'new'}
      state={fileUpload.state}
      online={online}
      // As after Stop: only shown in the recorder, and while the clinician has not begun the next (a typed name would be lost).
      openWhenReady={fileInRecorder && recorder.status === 'idle' && !patientName.trim()}
      bringIntoView={fileInRecorder}
      onRetry={fileUpload.retry}
      onClose={fileUpload.reset}
    />
  );

  useEffect(() => {
    if (user) manager.forgetOthers(user.uid);
  }, [manager, user]);

  // The recording's own warning (and wake lock) is the RecorderProvider's; a file upload lives on this page.
  useBeforeUnload(fileUpload.busy);

  // After permission is granted the microphones get their names.
  useEffect(() => {
    if (recorder.status === 'recording') void refreshMicrophones();
  }, [recorder.status, refreshMicrophones]);

  const selectedDeviceId = deviceId && microphones.some((m) => m.deviceId === deviceId) ? deviceId : '';

  const validSetup = (): boolean => {
    const name = patientName.trim();
    if (!name) {
      setPatientNameError('Enter the patient’s name first.');
      return false;
    }
    if (!templateId) return false;
    setPatientNameError(null);
    return true;
  };

  const startRecording = async (consent: ConsentMethod | null) => {
    if (!user || !validSetup()) return;
    await recorder.start({ uid: user.uid, patientName: patientName.trim(), templateId, language, consent, deviceId: selectedDeviceId });
  };

  const uploadFile = async (file: CheckedFile, consent: ConsentMethod | null) => {
    if (!validSetup()) return;
    setLatest('file');
    // The form keeps what was typed until the server has the whole file; then it is ready for the next patient.
    const done = await fileUpload.start(file, { patientName: patientName.trim(), templateId, language, consent });
    if (done) setPatientName('');
  };

  // A picked file is looked at first (what it is, and whether it went up lately), then asks as Start does.
  const pickFile = async (file: File) => {
    if (!validSetup()) return;
    const checked = await fileUpload.check(file);
    if (!checked) return;
    if (checked.match) setDuplicate(checked);
    else askConsentOr({ action: 'upload', file: checked });
  };

  // Start and a picked file ask for the patient's consent first while the setting is on, once the setup is valid.
  const askConsentOr = (next: { action: 'record' } | { action: 'upload'; file: CheckedFile }) => {
    if (!validSetup()) return;
    if (consentSettings.required) return setAwaitingConsent(next);
    if (next.action === 'record') void startRecording(null);
    else void uploadFile(next.file, null);
  };

  const consentGiven = (method: ConsentMethod) => {
    const next = awaitingConsent;
    setAwaitingConsent(null);
    if (next?.action === 'record') void startRecording(method);
    else if (next?.action === 'upload') void uploadFile(next.file, method);
  };

  const changeTemplate = (id: string) => {
    changeDraft({ templateId: id });
    // Remembered for next time; failing to remember it must not get in the way of recording.
    if (id !== defaultTemplateId) void updateProfile({ defaultTemplateId: id }).catch(() => undefined);
  };

  const changeDevice = (id: string) => {
    setDeviceId(id);
    try {
      localStorage.setItem(MICROPHONE_STORAGE_KEY, id);
    } catch {
      // Storage refused: the choice holds for this page load only.
    }
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 760 }}>
      {user && later && <later.RecoveryPrompt uid={user.uid} manager={manager} />}

      {later && <later.PlanLimitNotice />}

      {!phone && firstRun}

      {!online && (
        <Alert severity="warning" role="status">
          You’re offline. Recording works; the audio uploads when you’re back online.
        </Alert>
      )}

      <Card component="section" aria-labelledby="record-setup-heading">
        <CardContent>
          <Stack direction="row" sx={{ mb: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
            <Typography id="record-setup-heading" variant="h2">
              Patient and template
            </Typography>
            <PasteNotes defaults={{ patientName, templateId, language }} templates={templateList} disabled={recording || recorder.status === 'starting' || fileUpload.busy} />
          </Stack>
          <SessionSetupFields
            values={{ patientName, templateId, language }}
            onPatientNameChange={(value) => {
              setPatientName(value);
              if (value.trim()) setPatientNameError(null);
            }}
            onTemplateChange={changeTemplate}
            onLanguageChange={(value) => changeDraft({ language: value })}
            templates={templateList}
            templatesFailed={failedToLoad && !templateList}
            onReloadTemplates={() => void reloadTemplates()}
            patientNameError={patientNameError}
            disabled={recording || recorder.status === 'starting' || fileUpload.busy}
          />
        </CardContent>
      </Card>

      <RecorderCard
        status={recorder.status}
        elapsedMs={recorder.elapsedMs}
        level={recorder.level}
        silent={recorder.silent}
        deviceLost={recorder.deviceLost}
        problem={recorder.problem}
        startError={recorder.startError}
        startedOffline={recorder.startedOffline}
        permission={permission}
        microphones={microphones}
        deviceId={selectedDeviceId}
        onDeviceChange={changeDevice}
        // Until Auth has said who is signed in, there is nobody to record for (a second or so, on a repeat visit).
        startDisabled={fileUpload.busy || !templateId || userPending}
        onStart={() => askConsentOr({ action: 'record' })}
        onPause={recorder.pause}
        onResume={recorder.resume}
        onStop={stopRecording}
        progress={fileInRecorder ? fileProgress : followed && uploadCard(followed, true)}
        liveTranscript={LiveTranscript && <LiveTranscript sessionId={underWay?.sessionId ?? null} status={recorder.status} online={online} />}
      />

      {phone && firstRun}

      {[...entries]
        .reverse()
        .filter((entry) => fileInRecorder || entry !== followed)
        .map((entry) => uploadCard(entry))}

      <FileUploadCard
        state={fileUpload.state}
        picked={fileUpload.picked}
        // A recording begun since has the recorder: the file's progress goes on here.
        progress={fileInRecorder ? null : fileProgress}
        disabled={recording || recorder.status === 'starting'}
        onFile={(file) => void pickFile(file)}
        onDismiss={fileUpload.dismissPicked}
      />

      {later && (
        <later.DuplicateUploadDialog
          match={duplicate?.match ?? null}
          fileName={duplicate?.file.name ?? ''}
          onUploadAgain={() => {
            const again = duplicate;
            setDuplicate(null);
            if (again) askConsentOr({ action: 'upload', file: again });
          }}
          onClose={() => setDuplicate(null)}
        />
      )}

      {later && (
        <later.ConsentStep
          open={awaitingConsent !== null}
          action={awaitingConsent?.action ?? 'record'}
          statement={consentSettings.statement}
          onConfirm={consentGiven}
          onCancel={() => setAwaitingConsent(null)}
        />
      )}
    </Stack>
  );
});
