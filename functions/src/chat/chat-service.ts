import { randomUUID } from 'node:crypto';
import { CHAT_LIMITS, type ChatExchange, type ChatHistory, type ChatMessage } from '@charta/contract';
import type { DocumentationRepo } from '../documentation/documentation-repo.js';
import type { NoteWriter } from '../documentation/note-writer.js';
import { conflict, notFound } from '../http/errors.js';
import type { ProfileRepo } from '../profile/profile-repo.js';
import type { SessionRepo } from '../sessions/session-repo.js';
import type { TranscriptRecord } from '../transcripts/transcript.js';
import { withExchange } from './chat.js';
import type { ChatRepo } from './chat-repo.js';

/** The session's transcript, or the error saying why there is none to ask about (DocumentationService.transcriptOf). */
export interface TranscriptSource {
  transcriptOf(uid: string, sessionId: string): Promise<TranscriptRecord>;
}

/**
 * Questions about a session (docs/api.md "Chat"): answered by the writing model from the transcript and the
 * note as it is now, the conversation kept on the server per session. A question is kept only with its
 * answer: one the model failed to answer is not stored (the web app offers it again). No chat text is ever
 * logged (docs/privacy.md): only ids reach the logs, through the request log.
 */
export class ChatService {
  constructor(
    private readonly chats: ChatRepo,
    private readonly sessions: SessionRepo,
    private readonly docs: DocumentationRepo,
    private readonly profiles: ProfileRepo,
    private readonly transcripts: TranscriptSource,
    private readonly writer: NoteWriter,
    private readonly now: () => Date,
    private readonly newId: () => string = randomUUID,
  ) {}

  /** The session's kept conversation, oldest first; empty before the first question. 404 for another's session. */
  async history(uid: string, sessionId: string): Promise<ChatHistory> {
    const session = await this.sessions.findOwned(uid, sessionId);
    if (!session) throw notFound('No such session');
    return { messages: await this.messagesOf(uid, session.id), limit: CHAT_LIMITS.history };
  }

  /** Answers a question with the conversation so far, and keeps both. */
  async ask(uid: string, sessionId: string, question: string): Promise<ChatExchange> {
    const session = await this.sessions.findOwned(uid, sessionId);
    if (!session) throw notFound('No such session');
    const transcript = await this.transcripts.transcriptOf(uid, sessionId);
    const [doc, earlier, profile] = await Promise.all([
      session.documentationId ? this.docs.find(session.documentationId) : null,
      this.messagesOf(uid, session.id),
      this.profiles.find(null, uid),
    ]);
    // The note as the clinician has it now (their edits included); none before it is written.
    const note = doc && doc.ownerUid === uid ? doc.sections.map(({ id, title, content }) => ({ id, title, content })) : [];
    const asked: ChatMessage = { id: this.newId(), role: 'user', content: question, createdAt: this.now().toISOString(), evidence: [] };
    const answer = await this.writer.chat(
      { language: session.language, specialty: profile?.specialty ?? '', segments: transcript.segments },
      note,
      [...earlier.map(({ role, content }) => ({ role, content })), { role: 'user' as const, content: question }],
    );
    const answered: ChatMessage = {
      id: this.newId(),
      role: 'assistant',
      content: answer.content,
      createdAt: this.now().toISOString(),
      evidence: answer.evidence,
      source: answer.source,
      noteSections: answer.noteSections,
      engine: answer.engine,
    };
    await this.chats.runTransaction(async (tx) => {
      // Deleted while the model answered: its deletion has run (or is running), so nothing may be written for it.
      const current = await this.sessions.findOwned(uid, sessionId, tx);
      if (!current) throw notFound('No such session');
      if (current.deletedByRetention?.transcript) throw conflict('The transcript was deleted by retention while the answer was written: the answer is not kept');
      const latest = await this.chats.find(sessionId, tx);
      const messages = latest && latest.ownerUid === uid ? latest.messages : [];
      this.chats.save(tx, { sessionId, ownerUid: uid, messages: withExchange(messages, asked, answered), updatedAt: this.now().toISOString() });
    });
    return { question: asked, message: answered };
  }

  private async messagesOf(uid: string, sessionId: string): Promise<ChatMessage[]> {
    const chat = await this.chats.find(sessionId);
    return chat && chat.ownerUid === uid ? chat.messages : [];
  }
}
