import { mayHaveTranscript, type ChatMessage } from '@charta/contract';
import type { DocumentationRepo } from '../documentation/documentation-repo.js';
import type { SessionRepo } from '../sessions/session-repo.js';
import type { SessionRecord } from '../sessions/session.js';
import { cursorAfter, type PageCursor } from '../common/page-cursor.js';
import type { AudioStore } from '../storage/audio-store.js';
import type { TemplateCatalog } from '../templates/template-catalog.js';
import type { TranscriptRepo } from '../transcripts/transcript-repo.js';
import type { ExportAudio, ExportedSession, ExportNote, MissingPart } from './export-archive.js';

/** Sessions read per query: one page in memory at a time, whatever the account's size. */
const PAGE = 50;

/**
 * The account's sessions as the archive takes them, read a page at a time (newest first), each with its
 * transcript, note and audio. A part that is gone says so: retention deletes audio and transcripts on its
 * own schedule, and the export must show the gap rather than leave it to be guessed.
 */
export class ExportSource {
  constructor(
    private readonly sessions: SessionRepo,
    private readonly transcripts: TranscriptRepo,
    private readonly documentation: DocumentationRepo,
    private readonly store: AudioStore,
    private readonly templates: TemplateCatalog,
    /** The session's kept chat (chat/chat-repo.ts): its questions and answers go into the archive too. */
    private readonly chats: { find(sessionId: string): Promise<{ ownerUid: string; messages: ChatMessage[] } | null> },
    /** The clinician's clinic membership (clinics/): the clinic's name, their role, when they joined. */
    private readonly clinic: { exportSummaryOf(uid: string): Promise<object | null> } = { exportSummaryOf: () => Promise.resolve(null) },
  ) {}

  /** Files about the account rather than a session: clinic.json when the clinician is in a clinic. */
  async accountFilesOf(uid: string): Promise<{ name: string; text: string }[]> {
    const clinic = await this.clinic.exportSummaryOf(uid);
    return clinic ? [{ name: 'clinic.json', text: `${JSON.stringify(clinic, null, 2)}\n` }] : [];
  }

  countOf(uid: string): Promise<number> {
    return this.sessions.countOwnedBy(uid);
  }

  async *sessionsOf(uid: string): AsyncGenerator<ExportedSession> {
    const templateNames = new Map<string, string>();
    let cursor: PageCursor | null = null;
    for (;;) {
      const page = await this.sessions.listPage(uid, { limit: PAGE, cursor });
      for (const record of page.items) yield await this.exported(uid, record, templateNames);
      const last = page.items.at(-1);
      if (!page.hasMore || !last) return;
      cursor = cursorAfter(last, last.createdAt);
    }
  }

  private async exported(uid: string, record: SessionRecord, templateNames: Map<string, string>): Promise<ExportedSession> {
    const [transcript, note, audio, templateName, chat] = await Promise.all([
      this.transcriptOf(record),
      this.noteOf(record),
      this.audioOf(record),
      this.templateName(uid, record.templateId, templateNames),
      this.chats.find(record.id),
    ]);
    const { id, patientName, title, templateId, language, status, createdAt, updatedAt, audioDurationSec, transcriptEngine } = record;
    const session = { id, patientName, title, templateId, language, status, createdAt, updatedAt, audioDurationSec, ...(transcriptEngine !== undefined ? { transcriptEngine } : {}) };
    return { session, templateName, transcript, note, audio, chat: chat && chat.ownerUid === uid ? chat.messages : [] };
  }

  private async transcriptOf(record: SessionRecord): Promise<ExportedSession['transcript']> {
    const found = await this.transcripts.find(record.id);
    if (found) {
      const { sessionId, language, durationSec, text, engine, segments } = found;
      return { sessionId, language, durationSec, text, engine, segments };
    }
    return mayHaveTranscript(record.status) && record.status !== 'failed'
      ? notKept('not kept (deleted under your retention settings)')
      : neverMade(`no transcript (the session is "${record.status}")`);
  }

  private async noteOf(record: SessionRecord): Promise<ExportNote | MissingPart> {
    if (!record.documentationId) return neverMade('no note was written');
    const found = await this.documentation.find(record.documentationId);
    if (!found) return notKept('not kept (deleted under your retention settings)');
    return { updatedAt: found.updatedAt, engine: found.engine, sections: found.sections.map(({ id, title, content }) => ({ id, title, content })) };
  }

  private async audioOf(record: SessionRecord): Promise<ExportAudio | MissingPart> {
    if (!record.audio_uri) return neverMade(record.transcriptEngine === 'typed-text' ? 'none (the session was made from typed notes)' : 'none (no audio was recorded)');
    const path = this.store.pathFromUri(record.audio_uri);
    const size = path ? await this.store.size(path) : null;
    if (!path || size === null) return notKept('not kept (deleted under your retention settings)');
    const extension = /\.([a-z0-9]{1,5})$/i.exec(path)?.[1]?.toLowerCase() ?? 'bin';
    return { extension, sizeBytes: size, open: () => this.store.openRead(path) };
  }

  private async templateName(uid: string, templateId: string, cache: Map<string, string>): Promise<string> {
    const known = cache.get(templateId);
    if (known !== undefined) return known;
    const name = (await this.templates.find(uid, templateId))?.name ?? `${templateId} (template deleted)`;
    cache.set(templateId, name);
    return name;
  }
}

const notKept = (why: string): MissingPart => ({ kind: 'not_kept', why });
const neverMade = (why: string): MissingPart => ({ kind: 'never_made', why });
