import 'fake-indexeddb/auto';
import '@/test/blob-reading';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';
import { ApiError, ApiNetworkError } from '@/lib/api-client';
import { profile as profileFixture, session as sessionFixture } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { useShellPage } from '@/components/layout/use-shell-page';
import type { ReactNode } from 'react';
import { Link, Outlet } from 'react-router';
import { provenanceLabel, transcriptProvenance, type LiveTranscript, type Session } from '@charta/contract';
import { deleteSession } from '@/data/sessions';
import { LIVE_TRANSCRIPT_POLL_MS } from '@/data/live-session';
import { setViewportWidth, staticMediaQueryList } from '@/test/viewport';
import { LIVE_TRANSCRIPT_STORAGE_KEY } from '../hooks/use-live-transcript-choice';
import type * as UploadAudioModule from '../api/upload-audio';
import { uploadAudioPart, type AudioPart, type UploadReceipt } from '../api/upload-audio';
import { RecorderProvider } from '../hooks/recorder-provider';
import { RecordingUploadsProvider } from '../hooks/use-recording-uploads';
import { openChunkStore, type StoredRecording } from '../lib/chunk-store';
import { createRecordingUploads, type RecordingUploads } from '../lib/recording-uploads';
import { RecordingBar } from './RecordingBar';
import { preloadRecordPageLater } from './record-page-later';
import { RecordPage } from './RecordPage';

// The tab's parts that load after its first paint (record-page-later.ts) are in: each test is the moment after.
await preloadRecordPageLater();

// The API at the module boundary; uploads (XMLHttpRequest) likewise.
vi.mock('@/lib/api');
vi.mock('../api/upload-audio', async (importOriginal) => ({
  ...(await importOriginal<typeof UploadAudioModule>()),
  uploadAudioPart: vi.fn(),
}));

// One RecordingUploads per test (the app has one per page load), over a fresh IndexedDB, handed to the
// page through its provider: the page's own hooks run on it.
const current = { manager: null as unknown as RecordingUploads, factory: null as unknown as IDBFactory };

const mockedApi = vi.mocked(api);
const upload = vi.mocked(uploadAudioPart);

const profile = profileFixture({ email: 'ana@example.com', displayName: 'Dr Ana', defaultTemplateId: 'history-and-physical', defaultLanguage: 'es-ES' });
const templates = [
  { id: 'soap', name: 'SOAP note' },
  { id: 'history-and-physical', name: 'History and Physical' },
];

/** A session as create_session answers it: no audio yet. */
function session(overrides: Partial<Session> = {}): Session {
  return sessionFixture({ id: 'session-1', templateId: 'history-and-physical', language: 'es-ES', audio_uri: null, audioDurationSec: null, status: 'draft', documentationId: null, ...overrides });
}

/** upload_audio in miniature: complete once chunks 0..final are all in. `already` = chunks it holds. */
function fakeUploads(already: Record<string, number[]> = {}) {
  const received = new Map<string, Set<number>>(Object.entries(already).map(([id, chunks]) => [id, new Set(chunks)]));
  const finals = new Map<string, number>();
  const parts: AudioPart[] = [];
  upload.mockImplementation((part: AudioPart): Promise<UploadReceipt> => {
    parts.push(part);
    const chunks = received.get(part.uploadId) ?? new Set<number>();
    received.set(part.uploadId, chunks.add(part.chunkIndex));
    if (part.final) finals.set(part.uploadId, part.chunkIndex);
    const final = finals.get(part.uploadId);
    const complete = final !== undefined && [...Array(final + 1).keys()].every((i) => chunks.has(i));
    return Promise.resolve({ audio_uri: complete ? 'local://a' : null, uploadId: part.uploadId, bytesReceived: 0, complete });
  });
  return parts;
}

class FakeMediaRecorder extends EventTarget {
  static instances: FakeMediaRecorder[] = [];
  static isTypeSupported = (type: string) => type === 'audio/webm;codecs=opus';
  state: RecordingState = 'inactive';
  readonly mimeType: string;
  timeslice: number | undefined;
  constructor(
    readonly stream: MediaStream,
    options?: MediaRecorderOptions,
  ) {
    super();
    this.mimeType = options?.mimeType ?? '';
    FakeMediaRecorder.instances.push(this);
  }
  start(timeslice?: number) {
    this.timeslice = timeslice;
    this.state = 'recording';
  }
  pause() {
    this.state = 'paused';
  }
  resume() {
    this.state = 'recording';
  }
  requestData() {}
  stop() {
    // As browsers do: the last data (here empty), then "stop".
    this.emit('');
    this.state = 'inactive';
    setTimeout(() => this.dispatchEvent(new Event('stop')), 0);
  }
  emit(text: string) {
    const event = new Event('dataavailable');
    Object.defineProperty(event, 'data', { value: new Blob([text], { type: 'audio/webm' }) });
    this.dispatchEvent(event);
  }
}

function fakeStream() {
  const track = { stop: vi.fn(), addEventListener: vi.fn(), removeEventListener: vi.fn() };
  return { getTracks: () => [track], getAudioTracks: () => [track], track } as unknown as MediaStream & { track: typeof track };
}

const getUserMedia = vi.fn<(constraints: MediaStreamConstraints) => Promise<MediaStream>>();

/** Another page of the app, as the shell shows it: with the recording bar above it. */
function SessionsPage() {
  useShellPage('sessions', 'Sessions');
  return <p>Sessions page</p>;
}

/**
 * The Record page where the shell puts it: inside the RecorderProvider (which the shell mounts around every
 * page) with the recording bar, beside a Sessions page and a session page to move to. Returns the router.
 */
function renderPage(uid = 'u1') {
  const frame = (page: ReactNode) => (
    <RecordingUploadsProvider manager={current.manager}>
      <RecorderProvider>
        <nav aria-label="Main">
          <Link to="/sessions">Sessions</Link>
        </nav>
        <RecordingBar />
        {page}
      </RecorderProvider>
    </RecordingUploadsProvider>
  );
  return renderRoutes(
    [
      {
        element: frame(<Outlet />),
        children: [
          { path: '/', element: <RecordPage /> },
          { path: '/sessions', element: <SessionsPage /> },
          { path: '/sessions/:sessionId', element: <p>Session page</p> },
        ],
      },
    ],
    '/',
    { user: { uid, email: 'ana@example.com', emailVerified: true } },
  );
}

beforeEach(() => {
  current.factory = new IDBFactory();
  current.manager = createRecordingUploads({
    openStore: () => openChunkStore({ factory: current.factory }),
    createSession: (input) =>
      api.post<{ session: Session }>('/session/create_session', input).then((r) => r.session),
    deleteSession,
    uploadPart: (part) => uploadAudioPart(part),
    isOnline: () => navigator.onLine,
    queueOptions: { sleep: () => Promise.resolve() },
  });
  FakeMediaRecorder.instances = [];
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia, enumerateDevices: () => Promise.resolve([]), addEventListener: vi.fn(), removeEventListener: vi.fn() },
  });
  getUserMedia.mockReset();
  upload.mockReset();
  mockedApi.get.mockImplementation((path: string) => (path === '/profile' ? Promise.resolve({ profile }) : Promise.reject(new Error(`GET ${path}`))));
  mockedApi.put.mockImplementation((_path: string, body: unknown) => Promise.resolve({ profile: { ...profile, ...(body as object) } }));
  mockedApi.post.mockImplementation((path: string) => {
    if (path === '/template/get_templates') return Promise.resolve({ templates });
    if (path === '/session/create_session') return Promise.resolve({ session: session() });
    if (path === '/session/delete') return Promise.resolve({ deleted: 1 });
    return Promise.reject(new Error(`POST ${path}`));
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function fillPatient(user: ReturnType<typeof userEvent.setup>, name = 'María García') {
  await user.type(await screen.findByRole('textbox', { name: 'Patient name' }), name);
  await waitFor(() => expect(screen.getByLabelText('Template', { selector: 'select' })).toHaveValue('history-and-physical'));
}

/** Answers the consent step that Start or a picked file opens (the profile's setting asks, as by default). */
async function giveConsent(user: ReturnType<typeof userEvent.setup>, method: 'Verbal' | 'Written' = 'Verbal') {
  const dialog = await screen.findByRole('dialog', { name: 'Does the patient agree to be recorded?' });
  await user.click(within(dialog).getByRole('button', { name: new RegExp(`^${method} consent`) }));
  // The page is hidden from assistive technology until the dialog has closed.
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

/** Start recording, then the patient's verbal consent. */
async function clickStart(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Start recording' }));
  await giveConsent(user);
}

/** Picks a file to upload, then the patient's verbal consent. */
async function pickFile(user: ReturnType<typeof userEvent.setup>, file: File) {
  await user.upload(screen.getByLabelText('Drop an audio file here').querySelector('input[type="file"]')!, file);
  await giveConsent(user);
}

/** Opens the page, names the patient and starts recording on `stream`; the recorder once it runs. */
async function startRecording(user: ReturnType<typeof userEvent.setup>, stream: MediaStream = fakeStream()) {
  getUserMedia.mockResolvedValue(stream);
  renderPage();
  await fillPatient(user);
  await clickStart(user);
  await screen.findByRole('button', { name: 'Pause' });
  return FakeMediaRecorder.instances[0]!;
}

/** Records one chunk, stops, and returns the recording's progress shown in the recorder's place. */
async function recordOneChunkAndStop() {
  const user = userEvent.setup();
  fakeUploads();
  const recorder = await startRecording(user);
  act(() => recorder.emit('AAA'));
  await user.click(screen.getByRole('button', { name: 'Stop' }));
  return screen.findByRole('region', { name: 'Upload of the recording for María García' });
}

/** A recording an earlier page load left on this device; `uploaded[i]`: whether the server has chunk i. */
async function leaveRecordingBehind(overrides: Partial<StoredRecording>, uploaded: boolean[]) {
  const store = await openChunkStore({ factory: current.factory });
  const recording: StoredRecording = {
    id: 'left-behind',
    uid: 'u1',
    sessionId: 'session-9',
    uploadId: 'upload-9',
    patientName: 'Bruno Díaz',
    templateId: 'soap',
    language: 'en-US',
    mimeType: 'audio/webm',
    startedAt: '2026-11-21T09:00:00.000Z',
    stoppedAt: null,
    elapsedMs: 2000,
    ...overrides,
  };
  await store.putRecording(recording);
  for (const [chunkIndex, isUploaded] of uploaded.entries()) {
    const data = new TextEncoder().encode(`part-${chunkIndex}`).buffer;
    const { id: recordingId, sessionId, uploadId } = recording;
    await store.putChunk({ recordingId, sessionId, uploadId, chunkIndex, data, size: data.byteLength, uploaded: isUploaded, final: false, createdAt: '' });
  }
  return store;
}

describe('RecordPage', () => {
  describe('the first-run step', () => {
    const fresh = { ...profile, displayName: '', specialty: '', defaultTemplateId: null, firstRunCompletedAt: null };
    const answering = () =>
      mockedApi.put.mockImplementation((_path: string, body: unknown) => {
        const { completeFirstRun, ...fields } = body as { completeFirstRun?: true };
        return Promise.resolve({ profile: { ...fresh, ...fields, firstRunCompletedAt: completeFirstRun ? '2026-11-28T10:00:00.000Z' : null } });
      });

    it('asks a new clinician their title, name, specialty and default template; saved, it goes and the default applies', async () => {
      mockedApi.get.mockImplementation((path: string) => (path === '/profile' ? Promise.resolve({ profile: fresh }) : Promise.reject(new Error(`GET ${path}`))));
      answering();
      const user = userEvent.setup();
      renderPage();
      const card = await screen.findByRole('region', { name: 'Welcome to Charta' });
      // On a wide screen, first: above the patient and template.
      expect(card.compareDocumentPosition(screen.getByRole('textbox', { name: 'Patient name' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      await user.type(within(card).getByRole('textbox', { name: 'Title' }), 'Dr');
      await user.type(within(card).getByRole('textbox', { name: 'Your name' }), 'Ana Pérez');
      await user.type(within(card).getByRole('textbox', { name: 'Specialty' }), 'Family medicine');
      await user.selectOptions(within(card).getByLabelText('Default template', { selector: 'select' }), 'soap');
      // Recording is not held up meanwhile: the patient field is there to use.
      expect(screen.getByRole('textbox', { name: 'Patient name' })).toBeEnabled();
      await user.click(within(card).getByRole('button', { name: 'Save' }));

      await waitFor(() => expect(screen.queryByRole('region', { name: 'Welcome to Charta' })).not.toBeInTheDocument());
      expect(mockedApi.put).toHaveBeenCalledWith('/profile', { displayName: 'Ana Pérez', title: 'Dr', specialty: 'Family medicine', defaultTemplateId: 'soap', completeFirstRun: true });
      await waitFor(() => expect(screen.getByLabelText('Template', { selector: 'select' })).toHaveValue('soap'));
    });

    it('Skip stores nothing typed, only that the step is done; a failed save keeps what was typed', async () => {
      mockedApi.get.mockImplementation((path: string) => (path === '/profile' ? Promise.resolve({ profile: fresh }) : Promise.reject(new Error(`GET ${path}`))));
      mockedApi.put.mockRejectedValueOnce(new ApiError({ status: 400, code: 'invalid_argument', message: 'title is too long', field: 'title' }));
      const user = userEvent.setup();
      renderPage();
      const card = await screen.findByRole('region', { name: 'Welcome to Charta' });
      await user.type(within(card).getByRole('textbox', { name: 'Your name' }), 'Ana');
      await user.click(within(card).getByRole('button', { name: 'Save' }));
      expect(await within(card).findByText('title is too long')).toBeInTheDocument();
      expect(within(card).getByRole('textbox', { name: 'Your name' })).toHaveValue('Ana');

      answering();
      await user.click(within(card).getByRole('button', { name: 'Skip for now' }));
      await waitFor(() => expect(screen.queryByRole('region', { name: 'Welcome to Charta' })).not.toBeInTheDocument());
      expect(mockedApi.put).toHaveBeenLastCalledWith('/profile', { completeFirstRun: true });
    });

    it('on a phone, comes after the recorder, whose Start stays where it was (above the fold)', async () => {
      const matchMedia = Object.getOwnPropertyDescriptor(window, 'matchMedia');
      setViewportWidth(390);
      try {
        mockedApi.get.mockImplementation((path: string) => (path === '/profile' ? Promise.resolve({ profile: fresh }) : Promise.reject(new Error(`GET ${path}`))));
        renderPage();
        const card = await screen.findByRole('region', { name: 'Welcome to Charta' });
        const start = screen.getByRole('button', { name: 'Start recording' });
        expect(start.compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      } finally {
        if (matchMedia) Object.defineProperty(window, 'matchMedia', matchMedia);
      }
    });

    it('is not shown once done', async () => {
      renderPage();
      await screen.findByRole('textbox', { name: 'Patient name' });
      await waitFor(() => expect(mockedApi.get).toHaveBeenCalledWith('/profile'));
      expect(screen.queryByRole('region', { name: 'Welcome to Charta' })).not.toBeInTheDocument();
    });
  });

  it('preselects the profile’s template and language, and remembers a new template choice', async () => {
    const user = userEvent.setup();
    renderPage();

    const template = screen.getByLabelText('Template', { selector: 'select' });
    await waitFor(() => expect(template).toHaveValue('history-and-physical'));
    expect(screen.getByLabelText('Language', { selector: 'select' })).toHaveValue('es-ES');

    await user.selectOptions(template, 'soap');
    expect(mockedApi.put).toHaveBeenCalledWith('/profile', { defaultTemplateId: 'soap' });
    expect(template).toHaveValue('soap');
  });

  it('with no default chosen yet, keeps to a built-in template when one added from the library tops the list', async () => {
    mockedApi.get.mockImplementation((path: string) =>
      path === '/profile' ? Promise.resolve({ profile: { ...profile, defaultTemplateId: null } }) : Promise.reject(new Error(`GET ${path}`)),
    );
    const listed = [
      { id: 'from-library', name: 'Added from the library', source: 'library' },
      { id: 'soap', name: 'SOAP note', source: 'builtin' },
    ];
    mockedApi.post.mockImplementation((path: string) => (path === '/template/get_templates' ? Promise.resolve({ templates: listed }) : Promise.reject(new Error(`POST ${path}`))));
    renderPage();

    await waitFor(() => expect(screen.getByLabelText('Template', { selector: 'select' })).toHaveValue('soap'));
    expect(mockedApi.put).not.toHaveBeenCalled();
  });

  it('says the templates are loading in text one can read, not the disabled field’s grey (axe color-contrast)', async () => {
    mockedApi.post.mockImplementation(() => new Promise(() => undefined));
    renderPage();
    const loading = await screen.findByText('Loading templates…');
    const enabledHelp = screen.getByText('Spoken in the session and used in the documentation.');
    await waitFor(() => expect(getComputedStyle(loading).color).toBe(getComputedStyle(enabledHelp).color));
  });

  it('asks for the patient’s name before recording', async () => {
    const user = userEvent.setup();
    renderPage();
    await waitFor(() => expect(screen.getByLabelText('Template', { selector: 'select' })).toHaveValue('history-and-physical'));

    await user.click(screen.getByRole('button', { name: 'Start recording' }));

    expect(screen.getByRole('textbox', { name: 'Patient name' })).toHaveAccessibleDescription('Enter the patient’s name first.');
    expect(getUserMedia).not.toHaveBeenCalled();
  });

  it('asks for the patient’s consent before recording, offering the statement to read aloud; Cancel records nothing', async () => {
    const user = userEvent.setup();
    renderPage();
    await fillPatient(user);

    await user.click(screen.getByRole('button', { name: 'Start recording' }));
    const dialog = await screen.findByRole('dialog', { name: 'Does the patient agree to be recorded?' });
    expect(within(dialog).getByText(profile.consent.statement)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Change what to say in Settings' })).toHaveAttribute('href', '/settings#consent-heading');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(getUserMedia).not.toHaveBeenCalled();
    expect(mockedApi.post).not.toHaveBeenCalledWith('/session/create_session', expect.anything(), expect.anything());
    // What was typed stays.
    expect(screen.getByRole('textbox', { name: 'Patient name' })).toHaveValue('María García');
  });

  it('a picked file waits for the patient’s consent too, and goes up with it', async () => {
    const user = userEvent.setup();
    fakeUploads();
    renderPage();
    await fillPatient(user);

    const file = new File(['ID3 audio bytes'], 'visit.mp3', { type: 'audio/mpeg' });
    await user.upload(screen.getByLabelText('Drop an audio file here').querySelector('input[type="file"]')!, file);
    const dialog = await screen.findByRole('dialog', { name: 'Does the patient agree to be recorded?' });
    expect(mockedApi.post).not.toHaveBeenCalledWith('/session/create_session', expect.anything(), expect.anything());
    await user.click(within(dialog).getByRole('button', { name: 'Written consent: upload' }));

    expect(await screen.findByText('File uploaded')).toBeInTheDocument();
    const [, form] = mockedApi.post.mock.calls.find(([path]) => path === '/session/create_session')!;
    expect((form as FormData).get('consent')).toBe('written');
  });

  it('with the consent setting off, records without asking and sends no consent', async () => {
    mockedApi.get.mockImplementation((path: string) =>
      path === '/profile' ? Promise.resolve({ profile: { ...profile, consent: { ...profile.consent, required: false } } }) : Promise.reject(new Error(`GET ${path}`)),
    );
    const user = userEvent.setup();
    getUserMedia.mockResolvedValue(fakeStream());
    renderPage();
    await fillPatient(user);
    await waitFor(() => expect(mockedApi.get).toHaveBeenCalledWith('/profile'));

    await user.click(screen.getByRole('button', { name: 'Start recording' }));
    await screen.findByRole('button', { name: 'Pause' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const [, form] = mockedApi.post.mock.calls.find(([path]) => path === '/session/create_session')!;
    expect((form as FormData).has('consent')).toBe(false);
  });

  it('explains how to allow the microphone when access is denied, and creates no session', async () => {
    const user = userEvent.setup();
    getUserMedia.mockRejectedValue(new DOMException('Permission denied', 'NotAllowedError'));
    renderPage();
    await fillPatient(user);

    await clickStart(user);

    const alert = await screen.findByText('Microphone access is blocked');
    expect(alert.closest('[role="alert"]')).toHaveTextContent(/set Microphone to Allow/);
    expect(mockedApi.post).not.toHaveBeenCalledWith('/session/create_session', expect.anything(), expect.anything());
    expect(screen.getByRole('button', { name: 'Start recording' })).toBeEnabled();
  });

  it('records: creates the session, stores and uploads each chunk, pauses, and closes the upload on Stop', async () => {
    const user = userEvent.setup();
    const parts = fakeUploads();
    const stream = fakeStream();
    const recorder = await startRecording(user, stream);

    const [createPath, form] = mockedApi.post.mock.calls.find(([path]) => path === '/session/create_session')!;
    expect(createPath).toBe('/session/create_session');
    expect(Object.fromEntries((form as FormData).entries())).toEqual({ patientName: 'María García', templateId: 'history-and-physical', language: 'es-ES', consent: 'verbal' });
    expect(recorder.timeslice).toBe(2000);
    expect(recorder.mimeType).toBe('audio/webm;codecs=opus');
    expect(screen.getByRole('timer', { name: 'Elapsed time' })).toHaveTextContent(/^00:0\d$/);
    expect(screen.getByRole('textbox', { name: 'Patient name' })).toBeDisabled();

    act(() => {
      recorder.emit('AAA');
      recorder.emit('BBB');
    });
    await waitFor(() => expect(parts.map((p) => p.chunkIndex)).toEqual([0])); // chunk 1 waits for its successor

    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(recorder.state).toBe('paused');
    expect(screen.getByText('Paused')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    expect(recorder.state).toBe('recording');
    act(() => recorder.emit('CCC'));

    await user.click(screen.getByRole('button', { name: 'Stop' }));

    expect(await screen.findByText('Recording uploaded')).toBeInTheDocument();
    expect(parts.map((p) => [p.chunkIndex, p.final, p.sessionId])).toEqual([
      [0, false, 'session-1'],
      [1, false, 'session-1'],
      [2, true, 'session-1'],
    ]);
    expect(new Set(parts.map((p) => p.uploadId)).size).toBe(1);
    expect(stream.track.stop).toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Open the session' })).toHaveAttribute('href', '/sessions/session-1');
    // The next recording starts from a blank name.
    expect(screen.getByRole('textbox', { name: 'Patient name' })).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Start recording' })).toBeEnabled();
  });

  it('keeps recording while the clinician looks at another page, where a bar shows it, pauses it and stops it', async () => {
    const user = userEvent.setup();
    const parts = fakeUploads();
    const recorder = await startRecording(user);
    // The Record tab has the recorder itself: no second set of controls there.
    expect(screen.queryByRole('region', { name: 'Recording in progress' })).not.toBeInTheDocument();
    act(() => recorder.emit('AAA'));

    await user.click(screen.getByRole('link', { name: 'Sessions' }));
    expect(await screen.findByText('Sessions page')).toBeInTheDocument();
    const bar = await screen.findByRole('region', { name: 'Recording in progress' });
    expect(recorder.state).toBe('recording');
    expect(within(bar).getByRole('timer', { name: 'Elapsed time' })).toHaveTextContent(/^00:0\d$/);
    expect(within(bar).getByRole('link', { name: 'Back to Record' })).toHaveAttribute('href', '/');

    await user.click(within(bar).getByRole('button', { name: 'Pause' }));
    expect(recorder.state).toBe('paused');
    expect(within(bar).getByText('Paused')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Resume' }));
    expect(recorder.state).toBe('recording');

    // Back on the Record tab: the same recording, with what was typed for it.
    await user.click(within(bar).getByRole('link', { name: 'Back to Record' }));
    expect(await screen.findByRole('textbox', { name: 'Patient name' })).toHaveValue('María García');
    expect(screen.getByRole('button', { name: 'Stop' })).toBeInTheDocument();
    expect(FakeMediaRecorder.instances).toHaveLength(1);

    await user.click(screen.getByRole('link', { name: 'Sessions' }));
    await user.click(within(await screen.findByRole('region', { name: 'Recording in progress' })).getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Recording in progress' })).not.toBeInTheDocument());
    await waitFor(() => expect(parts.at(-1)).toMatchObject({ final: true, sessionId: 'session-1' }));
    expect(parts.map((p) => [p.chunkIndex, p.final])).toEqual([[0, true]]);
  });

  /** GET of the session answers these statuses one poll after another, staying on the last; returns what is left. */
  function answerSessionStatuses(statuses: Session['status'][]): Session['status'][] {
    const answerSession = () => Promise.resolve({ session: session({ status: statuses.length > 1 ? statuses.shift()! : statuses[0]!, audio_uri: 'local://a' }) });
    const posts = mockedApi.post.getMockImplementation()!;
    mockedApi.post.mockImplementation((path: string, body?: unknown) => (path === '/session/session' ? answerSession() : posts(path, body)));
    return statuses;
  }

  // Polled every 1.5 s through several statuses: past vitest's 5 s default on a loaded machine (CI timed out at 5 s).
  it('after Stop, shows the session’s progress where the clock was and opens the session by itself when ready', { timeout: 30_000 }, async () => {
    const statuses = answerSessionStatuses(['uploaded', 'transcribing', 'generating', 'ready']);
    const progress = await recordOneChunkAndStop();
    expect(await within(progress).findByText('Recording uploaded')).toBeInTheDocument();
    expect(within(progress).getByText(/The session opens here when it is ready/)).toBeInTheDocument();
    expect(within(progress).getByRole('link', { name: 'Open the session' })).toHaveAttribute('href', '/sessions/session-1');
    // In the clock's place, inside the recorder, above Start recording.
    expect(within(screen.getByRole('region', { name: 'Record' })).getByRole('region', { name: /^Upload of the recording/ })).toBe(progress);
    // Polled every 1.5 s: transcribing, then writing, then ready, and the session page opens.
    expect(await screen.findByText('Session page', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(statuses).toEqual(['ready']);
  });

  it('does not open the session by itself once the clinician has begun typing the next patient’s name', { timeout: 30_000 }, async () => {
    answerSessionStatuses(['transcribing', 'ready']);
    const user = userEvent.setup();
    fakeUploads();
    const recorder = await startRecording(user);
    act(() => recorder.emit('AAA'));
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    await screen.findByText('Recording uploaded');
    await user.type(screen.getByRole('textbox', { name: 'Patient name' }), 'Next Patient');

    expect(await screen.findByText(/The documentation is written/, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByText('Session page')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Patient name' })).toHaveValue('Next Patient');
  });

  it('keeps what was recorded and says so when the microphone is disconnected', async () => {
    const user = userEvent.setup();
    const parts = fakeUploads();
    const stream = fakeStream();
    const recorder = await startRecording(user, stream);
    act(() => recorder.emit('AAA'));

    const [, onEnded] = stream.track.addEventListener.mock.calls.find(([type]) => type === 'ended') as [string, () => void];
    act(() => onEnded());

    expect(await screen.findByText('The microphone was disconnected')).toBeInTheDocument();
    expect(await screen.findByText('Recording uploaded')).toBeInTheDocument();
    expect(parts.map((p) => [p.chunkIndex, p.final])).toEqual([[0, true]]);
    expect(screen.getByRole('button', { name: 'Start recording' })).toBeInTheDocument();
  });

  it('shows a failed upload with Retry, and uploads on Retry', async () => {
    const user = userEvent.setup();
    const parts = fakeUploads();
    const succeed = upload.getMockImplementation()!;
    upload.mockImplementation(() => Promise.reject(new ApiError({ status: 404, code: 'not_found', message: 'No such session' })));
    const recorder = await startRecording(user);
    act(() => recorder.emit('AAA'));
    await user.click(screen.getByRole('button', { name: 'Stop' }));

    expect(await screen.findByText('The upload failed')).toBeInTheDocument();
    expect(screen.getByText(/no longer exists/)).toBeInTheDocument();

    upload.mockImplementation(succeed);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Recording uploaded')).toBeInTheDocument();
    expect(parts.at(-1)).toMatchObject({ chunkIndex: 0, final: true });
  });

  it('offers to recover a recording left on this device, and uploads it', async () => {
    const user = userEvent.setup();
    // Before the reload, chunk 0 went up; chunks 1 and 2 are only on this device.
    const parts = fakeUploads({ 'upload-9': [0] });
    await leaveRecordingBehind({ mimeType: 'audio/webm;codecs=opus', elapsedMs: 6000 }, [true, false, false]);
    renderPage();

    const prompt = (await screen.findByText('Recover an unfinished recording')).closest('[role="alert"]') as HTMLElement;
    expect(prompt).toHaveTextContent('Bruno Díaz');
    expect(prompt).toHaveTextContent('0:06');
    await user.click(within(prompt).getByRole('button', { name: 'Recover recording' }));

    expect(await screen.findByText('Recording uploaded')).toBeInTheDocument();
    expect(parts.map((p) => [p.chunkIndex, p.final, p.sessionId, p.uploadId])).toEqual([
      [1, false, 'session-9', 'upload-9'],
      [2, true, 'session-9', 'upload-9'],
    ]);
    expect(screen.queryByText('Recover an unfinished recording')).not.toBeInTheDocument();
  });

  it('discards a left-behind recording only after confirmation', async () => {
    const user = userEvent.setup();
    const store = await leaveRecordingBehind({}, [false]);
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Discard' }));
    const dialog = screen.getByRole('dialog', { name: 'Discard this recording?' });
    await user.click(within(dialog).getByRole('button', { name: 'Discard recording' }));

    await waitFor(() => expect(screen.queryByText('Recover an unfinished recording')).not.toBeInTheDocument());
    expect(await store.getRecording('left-behind')).toBeNull();
    expect(mockedApi.post).toHaveBeenCalledWith('/session/delete', { sessionId: 'session-9' });
  });

  it('does not offer another user’s recording', async () => {
    await leaveRecordingBehind({ id: 'theirs', uid: 'someone-else', sessionId: 's', uploadId: 'u', patientName: 'Private Person' }, [false]);
    renderPage('u1');
    await screen.findByRole('button', { name: 'Start recording' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/Private Person/)).not.toBeInTheDocument();
  });

  it('uploads a picked file with the session, and says so', async () => {
    const user = userEvent.setup();
    const parts = fakeUploads();
    renderPage();
    await fillPatient(user);

    const file = new File(['ID3 audio bytes'], 'visit.mp3', { type: 'audio/mpeg' });
    await pickFile(user, file);

    expect(await screen.findByText('File uploaded')).toBeInTheDocument();
    expect(parts).toHaveLength(1);
    expect(parts[0]).toMatchObject({ chunkIndex: 0, final: true, sessionId: 'session-1', name: 'visit.mp3' });
  });

  it('says plainly when the server refuses a file as not audio, and removes the empty session', async () => {
    const user = userEvent.setup();
    upload.mockRejectedValue(new ApiError({ status: 415, code: 'unsupported_media_type', message: 'The file is not audio Charta accepts' }));
    renderPage();
    await fillPatient(user);

    const file = new File(['not really'], 'notes.mp3', { type: 'audio/mpeg' });
    await pickFile(user, file);

    expect(await screen.findByText(/That file is not audio we can read/)).toBeInTheDocument();
    expect(screen.getByText('notes.mp3 was not uploaded')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    await waitFor(() => expect(mockedApi.post).toHaveBeenCalledWith('/session/delete', { sessionId: 'session-1' }));
  });

  it('shows a picked file’s steps where a recording’s go, keeps the name until the server has the file, then opens the session when ready', { timeout: 30_000 }, async () => {
    const statuses = answerSessionStatuses(['uploaded', 'transcribing', 'generating', 'ready']);
    const user = userEvent.setup();
    const parts = fakeUploads();
    const answer = upload.getMockImplementation()!;
    let release: (() => void) | undefined;
    upload.mockImplementation((part, options) => new Promise((resolve) => (release = () => resolve(answer(part, options)))));
    renderPage();
    await fillPatient(user);
    await pickFile(user, new File(['ID3 audio bytes'], 'visit.mp3', { type: 'audio/mpeg' }));

    // In the recorder, above Start recording (not only at the picker at the bottom), with the same steps.
    const progress = await screen.findByRole('region', { name: 'Upload of visit.mp3 for María García' });
    expect(within(screen.getByRole('region', { name: 'Record' })).getByRole('region', { name: /^Upload of visit\.mp3/ })).toBe(progress);
    for (const step of ['Uploading', 'Transcribing', 'Writing documentation', 'Ready']) expect(within(progress).getByText(step)).toBeInTheDocument();
    expect(await within(progress).findByRole('progressbar', { name: 'Upload progress for visit.mp3' })).toBeInTheDocument();
    // Going up: what was typed stays.
    expect(screen.getByRole('textbox', { name: 'Patient name' })).toHaveValue('María García');

    act(() => release!());
    expect(await within(progress).findByText('File uploaded')).toBeInTheDocument();
    expect(within(progress).getByText(/The session opens here when it is ready/)).toBeInTheDocument();
    expect(within(progress).getByRole('link', { name: 'Open the session' })).toHaveAttribute('href', '/sessions/session-1');
    // Accepted: the form is ready for the next patient.
    expect(screen.getByRole('textbox', { name: 'Patient name' })).toHaveValue('');
    expect(parts[0]).toMatchObject({ sessionId: 'session-1', sha256: '5bc7676c6c3928add53ccaab3783ad5f32fba6470bc622c24fc150608aa1868b' });

    expect(await screen.findByText('Session page', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(statuses).toEqual(['ready']);
  });

  it('keeps the patient, template and language as typed when a file is not accepted, and says why where the steps show', async () => {
    const user = userEvent.setup();
    mockedApi.post.mockImplementation((path: string) => {
      if (path === '/template/get_templates') return Promise.resolve({ templates });
      if (path === '/session/create_session') return Promise.reject(new ApiError({ status: 503, code: 'unavailable', message: 'A service Charta depends on is unavailable; try again shortly' }));
      return Promise.reject(new Error(`POST ${path}`));
    });
    renderPage();
    await fillPatient(user);
    await user.selectOptions(screen.getByLabelText('Template', { selector: 'select' }), 'soap');
    await user.selectOptions(screen.getByLabelText('Language', { selector: 'select' }), 'en-US');

    await pickFile(user, new File(['ID3 audio bytes'], 'visit.mp3', { type: 'audio/mpeg' }));

    const recorder = screen.getByRole('region', { name: 'Record' });
    const alert = await within(recorder).findByRole('alert');
    expect(alert).toHaveTextContent('visit.mp3 was not uploaded');
    expect(alert).toHaveTextContent(/Please try again in a moment/);
    expect(alert).toHaveTextContent(/details you entered are kept/);
    expect(screen.getByRole('textbox', { name: 'Patient name' })).toHaveValue('María García');
    expect(screen.getByLabelText('Template', { selector: 'select' })).toHaveValue('soap');
    expect(screen.getByLabelText('Language', { selector: 'select' })).toHaveValue('en-US');
    expect(screen.getByRole('textbox', { name: 'Patient name' })).toBeEnabled();
  });

  describe('the same file picked again within a day', () => {
    const checksum = '5bc7676c6c3928add53ccaab3783ad5f32fba6470bc622c24fc150608aa1868b';
    const earlier = { sessionId: 'session-0', patientName: 'María García', uploadedAt: new Date().toISOString(), complete: true };
    const pick = (user: ReturnType<typeof userEvent.setup>) =>
      user.upload(screen.getByLabelText('Drop an audio file here').querySelector('input[type="file"]')!, new File(['ID3 audio bytes'], 'visit.mp3', { type: 'audio/mpeg' }));

    it('asks first, naming when and for whom; Open that session makes nothing new', async () => {
      const asked: unknown[] = [];
      answerAlso({
        '/session/upload_by_checksum': (body) => {
          asked.push(body);
          return { upload: earlier };
        },
      });
      const user = userEvent.setup();
      fakeUploads();
      renderPage();
      await fillPatient(user);
      await pick(user);

      const dialog = await screen.findByRole('dialog', { name: 'Upload this file again?' });
      expect(dialog).toHaveTextContent(/^Upload this file again\?You uploaded visit\.mp3 today at \d{1,2}:\d{2}.* for María García: open that session, or upload again\?/);
      expect(asked).toEqual([{ sha256: checksum }]);
      expect(mockedApi.post).not.toHaveBeenCalledWith('/session/create_session', expect.anything(), expect.anything());

      await user.click(within(dialog).getByRole('link', { name: 'Open that session' }));
      expect(await screen.findByText('Session page')).toBeInTheDocument();
      expect(mockedApi.post).not.toHaveBeenCalledWith('/session/create_session', expect.anything(), expect.anything());
      expect(upload).not.toHaveBeenCalled();
    });

    it('Upload again goes on as any upload (consent, then the file); Cancel leaves the form as it was', async () => {
      answerAlso({ '/session/upload_by_checksum': () => ({ upload: earlier }) });
      const user = userEvent.setup();
      const parts = fakeUploads();
      renderPage();
      await fillPatient(user);

      await pick(user);
      await user.click(within(await screen.findByRole('dialog', { name: 'Upload this file again?' })).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(screen.getByRole('textbox', { name: 'Patient name' })).toHaveValue('María García');
      expect(upload).not.toHaveBeenCalled();

      await pick(user);
      await user.click(within(await screen.findByRole('dialog', { name: 'Upload this file again?' })).getByRole('button', { name: 'Upload again' }));
      await giveConsent(user);
      expect(await screen.findByText('File uploaded')).toBeInTheDocument();
      expect(parts).toHaveLength(1);
      expect(parts[0]).toMatchObject({ sessionId: 'session-1', sha256: checksum });
    });
  });

  it('tells the clinician when they are offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderPage();
    expect(await screen.findByRole('status')).toHaveTextContent('You’re offline. Recording works; the audio uploads when you’re back online.');
    vi.restoreAllMocks();
  });

  it('opened with no connection, offers the templates it loaded here before, records, and uploads once back online', async () => {
    const user = userEvent.setup();
    localStorage.clear();
    // An earlier visit, online: the templates load (and this device remembers their names).
    renderPage();
    await waitFor(() => expect(screen.getByLabelText('Template', { selector: 'select' })).toHaveValue('history-and-physical'));
    cleanup();

    // Now the connection is gone: the service worker serves the app, and every API call fails.
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const answers = mockedApi.post.getMockImplementation()!;
    mockedApi.post.mockImplementation(() => Promise.reject(new ApiNetworkError()));
    mockedApi.get.mockImplementation(() => Promise.reject(new ApiNetworkError()));
    const parts = fakeUploads();
    getUserMedia.mockResolvedValue(fakeStream());
    renderPage();
    expect(await screen.findByRole('status')).toHaveTextContent('You’re offline. Recording works; the audio uploads when you’re back online.');
    await user.type(await screen.findByRole('textbox', { name: 'Patient name' }), 'María García');
    // The profile could not load (its default is unknown): the first template remembered.
    await waitFor(() => expect(screen.getByLabelText('Template', { selector: 'select' })).toHaveValue('soap'));
    await clickStart(user);
    await screen.findByRole('button', { name: 'Pause' });
    expect(screen.getByText(/The recording is saved on this device as you speak/)).toBeInTheDocument();
    const recorder = FakeMediaRecorder.instances[0]!;
    act(() => {
      recorder.emit('AAA');
      recorder.emit('BBB');
    });
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    await screen.findByRole('button', { name: 'Start recording' });
    expect(parts).toEqual([]);

    // Back online: the session is made, then the audio kept on this device goes up.
    mockedApi.post.mockImplementation(answers);
    online.mockReturnValue(true);
    act(() => {
      current.manager.setOnline(true);
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('Recording uploaded')).toBeInTheDocument();
    expect(parts.map((p) => [p.chunkIndex, p.final, p.sessionId])).toEqual([
      [0, false, 'session-1'],
      [1, true, 'session-1'],
    ]);
    const [, form] = mockedApi.post.mock.calls.find(([path]) => path === '/session/create_session')!;
    expect((form as FormData).get('templateId')).toBe('soap');
    vi.restoreAllMocks();
  });
});

/** Answers these POST paths besides the page's usual ones; a handler may change its answer between polls. */
function answerAlso(handlers: Record<string, (body: unknown) => unknown>) {
  const posts = mockedApi.post.getMockImplementation()!;
  mockedApi.post.mockImplementation((path: string, body?: unknown) => {
    const handler = handlers[path];
    return handler ? Promise.resolve().then(() => handler(body)) : posts(path, body);
  });
}

const liveReads = () => mockedApi.post.mock.calls.filter(([path]) => path === '/session/live_transcript');

/** The transcript so far, as /session/live_transcript answers it while the recording arrives. */
function liveTranscript(segments: LiveTranscript['segments'], overrides: Partial<LiveTranscript> = {}): LiveTranscript {
  return { segments, transcribedUntilSec: (segments.at(-1)?.endMs ?? 0) / 1000, audioSec: null, engine: segments.length ? 'pocketsphinx/en-us' : null, ...overrides };
}

const GREETING = { id: 'live-1200', speaker: 'clinician', startMs: 1_200, endMs: 3_900, text: 'Good morning, what brings you in today?' };
const COUGH = { id: 'live-65000', speaker: 'patient', startMs: 65_000, endMs: 69_000, text: 'I have had a dry cough for three days.' };

// Polled every 2.5 s: a test that waits for the transcript to grow takes a few seconds.
describe('RecordPage: the transcript as it is recorded, and what is left after Stop', { timeout: 20_000 }, () => {
  // Back to the harness's answer (nothing matches) for whatever runs next.
  afterEach(() => {
    window.matchMedia = (query: string) => staticMediaQueryList(query, false);
  });

  it('on a desktop, shows it by default while recording, growing as windows land, with the engine’s quality label; asks only while recording', async () => {
    setViewportWidth(1280);
    // As the server answers: the windows from `fromSec` on (the last answer's transcribedUntilSec).
    let windows: LiveTranscript['segments'] = [];
    answerAlso({
      '/session/live_transcript': (body) => {
        const fromMs = ((body as { fromSec?: number }).fromSec ?? 0) * 1000;
        const newer = windows.filter((s) => s.startMs >= fromMs);
        return liveTranscript(newer, { transcribedUntilSec: Math.max(fromMs, ...windows.map((s) => s.endMs)) / 1000 });
      },
    });
    const user = userEvent.setup();
    fakeUploads();
    renderPage();
    await fillPatient(user);
    // Not before the recording starts: the Record tab stays as it was.
    expect(screen.queryByRole('switch', { name: 'Show transcript as I record' })).not.toBeInTheDocument();
    getUserMedia.mockResolvedValue(fakeStream());
    await clickStart(user);
    await screen.findByRole('button', { name: 'Pause' });

    expect(await screen.findByRole('switch', { name: 'Show transcript as I record' })).toBeChecked();
    const panel = screen.getByRole('region', { name: 'Transcript so far' });
    expect(await within(panel).findByText('Your words appear here a few seconds after you say them.')).toBeInTheDocument();
    expect(liveReads()[0]![1]).toEqual({ sessionId: 'session-1' });

    windows = [GREETING];
    const segments = await within(panel).findByRole('list', { name: 'Transcript segments so far' }, { timeout: LIVE_TRANSCRIPT_POLL_MS + 2000 });
    expect(within(segments).getAllByRole('listitem')).toHaveLength(1);
    expect(within(segments).getByText('Clinician')).toBeInTheDocument();
    expect(within(segments).getByText('00:01')).toBeInTheDocument();
    expect(within(segments).getByText(GREETING.text)).toBeInTheDocument();
    // The label the session page puts above a pocketsphinx transcript.
    expect(within(panel).getByText(provenanceLabel(transcriptProvenance('pocketsphinx/en-us')))).toBeInTheDocument();

    windows = [GREETING, COUGH];
    await waitFor(() => expect(within(segments).getAllByRole('listitem')).toHaveLength(2), { timeout: LIVE_TRANSCRIPT_POLL_MS + 2000 });
    expect(within(segments).getAllByRole('listitem')[0]).toHaveTextContent(GREETING.text);
    expect(within(segments).getAllByRole('listitem')[1]).toHaveTextContent(/Patient.*01:05.*I have had a dry cough for three days\./);
    // Each poll asks only for what came after the last answer.
    expect(liveReads().at(-1)![1]).toEqual({ sessionId: 'session-1', fromSec: 3.9 });

    // Paused: nothing new is recorded, so nothing is asked; the text stays.
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    const reads = liveReads().length;
    await new Promise((r) => setTimeout(r, LIVE_TRANSCRIPT_POLL_MS + 500));
    expect(liveReads()).toHaveLength(reads);
    expect(within(segments).getAllByRole('listitem')).toHaveLength(2);
  });

  it('on a phone, hides it until the clinician turns it on, and remembers the choice on this device', async () => {
    setViewportWidth(390);
    answerAlso({ '/session/live_transcript': () => liveTranscript([GREETING]) });
    const user = userEvent.setup();
    fakeUploads();
    await startRecording(user);

    const toggle = await screen.findByRole('switch', { name: 'Show transcript as I record' });
    expect(toggle).not.toBeChecked();
    expect(screen.queryByRole('region', { name: 'Transcript so far' })).not.toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 200));
    expect(liveReads()).toHaveLength(0);

    await user.click(toggle);
    expect(await screen.findByText(GREETING.text)).toBeInTheDocument();
    expect(localStorage.getItem(LIVE_TRANSCRIPT_STORAGE_KEY)).toBe('shown');
  });

  it('on a desktop, stays hidden when the clinician turned it off on this device before', async () => {
    setViewportWidth(1280);
    localStorage.setItem(LIVE_TRANSCRIPT_STORAGE_KEY, 'hidden');
    answerAlso({ '/session/live_transcript': () => liveTranscript([GREETING]) });
    const user = userEvent.setup();
    fakeUploads();
    await startRecording(user);

    expect(await screen.findByRole('switch', { name: 'Show transcript as I record' })).not.toBeChecked();
    expect(screen.queryByRole('region', { name: 'Transcript so far' })).not.toBeInTheDocument();
    expect(liveReads()).toHaveLength(0);
  });

  it('says so in place when the transcript so far cannot be loaded, and tries again when asked', async () => {
    setViewportWidth(1280);
    let failing = true;
    answerAlso({
      '/session/live_transcript': () => {
        if (failing) throw new ApiError({ status: 503, code: 'unavailable', message: 'The service is busy' });
        return liveTranscript([GREETING]);
      },
    });
    const user = userEvent.setup();
    fakeUploads();
    await startRecording(user);

    const panel = await screen.findByRole('region', { name: 'Transcript so far' });
    expect(await within(panel).findByText(/The transcript so far could not be loaded\. Your recording is not affected/)).toBeInTheDocument();
    // The recording goes on.
    expect(screen.getByRole('button', { name: 'Stop' })).toBeInTheDocument();
    failing = false;
    await user.click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByText(GREETING.text)).toBeInTheDocument();
    expect(within(panel).queryByText(/could not be loaded/)).not.toBeInTheDocument();
  });

  it('says that the transcript goes on when the connection returns, while offline', async () => {
    setViewportWidth(1280);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    answerAlso({ '/session/live_transcript': () => liveTranscript([GREETING]) });
    const user = userEvent.setup();
    fakeUploads();
    await startRecording(user);
    const panel = await screen.findByRole('region', { name: 'Transcript so far' });
    expect(within(panel).getByText('You are offline. The transcript goes on when the connection returns; the recording is kept on this device.')).toBeInTheDocument();
    vi.restoreAllMocks();
  });

  it('shows a loading state until the first answer', async () => {
    setViewportWidth(1280);
    answerAlso({ '/session/live_transcript': () => new Promise(() => undefined) });
    const user = userEvent.setup();
    fakeUploads();
    await startRecording(user);
    expect(await within(await screen.findByRole('region', { name: 'Transcript so far' })).findByRole('status', { name: 'Loading the transcript so far…' })).toHaveAttribute('aria-busy', 'true');
  });

  it('after Stop, names what is left: the last seconds to transcribe, then writing the note, then opens the session', async () => {
    setViewportWidth(1280);
    let status: Session['status'] = 'transcribing';
    let live = liveTranscript([GREETING], { transcribedUntilSec: 100, audioSec: 120 });
    answerAlso({
      '/session/session': () => ({ session: session({ status, audio_uri: 'local://a' }) }),
      '/session/live_transcript': () => live,
    });
    const progress = await recordOneChunkAndStop();
    expect(await within(progress).findByText(/^Safely stored\. Transcribing the last 20 seconds\. The session opens here when it is ready\.$/)).toBeInTheDocument();
    live = { ...live, transcribedUntilSec: 108 };
    expect(await within(progress).findByText(/Transcribing the last 10 seconds\./, {}, { timeout: LIVE_TRANSCRIPT_POLL_MS + 2000 })).toBeInTheDocument();
    // The transcript stored: the live one is empty, and the note is being written.
    live = liveTranscript([]);
    status = 'generating';
    expect(await within(progress).findByText(/^Safely stored\. Writing the note\. The session opens here when it is ready\.$/, {}, { timeout: 4000 })).toBeInTheDocument();
    const reads = liveReads().length;
    await new Promise((r) => setTimeout(r, LIVE_TRANSCRIPT_POLL_MS + 500));
    expect(liveReads()).toHaveLength(reads);
    status = 'ready';
    expect(await screen.findByText('Session page', {}, { timeout: 4000 })).toBeInTheDocument();
  });

  it('after Stop, says only "Transcribing…" while what is left is not known', async () => {
    setViewportWidth(1280);
    answerAlso({
      '/session/session': () => ({ session: session({ status: 'transcribing', audio_uri: 'local://a' }) }),
      '/session/live_transcript': () => liveTranscript([]),
    });
    const progress = await recordOneChunkAndStop();
    expect(await within(progress).findByText(/^Safely stored\. Transcribing… The session opens here when it is ready\.$/)).toBeInTheDocument();
  });
});
