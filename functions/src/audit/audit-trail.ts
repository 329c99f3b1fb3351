import type { AuditAction, AuditEntriesPage, AuditOutcome } from '@charta/contract';
import { invalidArgument } from '../http/errors.js';
import type { CallerIdentity } from '../identity/identity-provider.js';
import { errorCodeOf, logCode, logId, type Logger } from '../logging/logger.js';
import { logAuditAccountLookupFailed, logAuditEntryNotWritten } from '../logging/log-events.js';
import { cursorAfter, decodeCursor, encodeCursor } from '../common/page-cursor.js';
import type { AuditConfig } from './audit-config.js';
import { auditRecord, coalescedEntryId, csvHeader, csvRow, signInEntryId, toContract, type AuditEvent, type AuditRecord, type AuditRequestContext } from './audit-entry.js';
import type { AuditQuery, AuditRepo } from './audit-repo.js';

/** Finds the account of an email address (the identity service), for events reported before a sign-in. */
export interface AccountLookup {
  uidOfEmail(email: string): Promise<string | null>;
}

/** A filter as the routes parse it from the contract's schemas (ISO times). */
export interface AuditFilterInput {
  sessionId?: string | undefined;
  action?: AuditAction | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** Sign-ins an instance remembers having recorded, so only a user's first request after one writes. */
const SIGN_INS_REMEMBERED = 10_000;
/** Entries read per query while a CSV streams: one page in memory at a time, whatever the trail's length. */
const CSV_PAGE = 500;

/**
 * The audit trail: records what happened (for the middleware, the routes that record their own events, and
 * sign-ins noticed from tokens), and reads a user's own trail back, a page at a time or as CSV.
 */
export class AuditTrail {
  private readonly signInsSeen = new Map<string, number>();

  constructor(
    private readonly repo: AuditRepo,
    private readonly accounts: AccountLookup,
    private readonly config: AuditConfig,
    private readonly logger: Logger,
    private readonly now: () => Date,
  ) {}

  private stamp(event: AuditEvent, context: AuditRequestContext, id?: string): AuditRecord {
    return auditRecord(event, context, { now: this.now(), retentionYears: this.config.retentionYears, addressKey: this.config.addressKey, ...(id ? { id } : {}) });
  }

  /**
   * Stores a request's entries; with `coalesce`, a repeat of the same read within the window adds nothing.
   * Never throws: the request was served, and failing its answer now would not undo that. An entry that
   * cannot be stored is logged with its ids instead, so the log holds it (`audit_entry_not_written`).
   */
  async record(events: readonly AuditEvent[], context: AuditRequestContext, opts: { coalesce?: boolean } = {}): Promise<void> {
    const records = events.map((event) => {
      const at = event.at ?? this.now();
      return this.stamp({ ...event, at }, context, opts.coalesce ? coalescedEntryId(event, context.client, at) : undefined);
    });
    await this.store(records, context);
  }

  private async store(records: readonly AuditRecord[], context: AuditRequestContext): Promise<void> {
    if (records.length === 0) return;
    try {
      await this.repo.append(records);
    } catch (err) {
      const errorCode = errorCodeOf(err);
      for (const record of records) {
        logAuditEntryNotWritten(this.logger, {
          requestId: logId(context.requestId),
          uid: logId(record.actorUid),
          action: logCode(record.action),
          outcome: logCode(record.outcome),
          resourceId: record.resourceId ? logId(record.resourceId) : undefined,
          sessionId: record.sessionId ? logId(record.sessionId) : undefined,
          at: logCode(record.at),
          errorCode,
        });
      }
    }
  }

  /**
   * A sign-in, noticed on the server from the ID token: a new `auth_time` for a uid is a sign-in (a token
   * refresh keeps it), recorded once with the sign-in method, dated when it happened. No client has to
   * report it. Each instance remembers what it has recorded, so only the first request after a sign-in
   * writes; an entry made by another instance is found by its id and not repeated.
   */
  async noticeSignIn(caller: CallerIdentity, context: AuditRequestContext): Promise<void> {
    const signedInAtMs = caller.signedInAt.getTime();
    if (this.signInsSeen.get(caller.uid) === signedInAtMs) return;
    const event: AuditEvent = {
      actorUid: caller.uid,
      action: 'account.signed_in',
      outcome: 'done',
      status: null,
      resource: { type: 'account', id: null, sessionId: null },
      observedBy: 'server',
      signInMethod: caller.signInMethod,
      at: caller.signedInAt,
    };
    await this.store([this.stamp(event, context, signInEntryId(caller.uid, caller.signedInAt))], context);
    // Oldest first out: a Map keeps insertion order.
    this.signInsSeen.delete(caller.uid);
    this.signInsSeen.set(caller.uid, signedInAtMs);
    if (this.signInsSeen.size > SIGN_INS_REMEMBERED) {
      const oldest = this.signInsSeen.keys().next();
      if (!oldest.done) this.signInsSeen.delete(oldest.value);
    }
  }

  /**
   * An account event reported before anyone is signed in (a failed sign-in, a password reset, a code asked
   * for): recorded for the account of `email` if there is one, and for nobody if not. The email is looked up
   * and forgotten: entries hold the account's uid, never the address. Never throws, like record().
   */
  async recordForEmail(email: string, action: AuditAction, observedBy: AuditEvent['observedBy'], context: AuditRequestContext, outcome: AuditOutcome = 'done'): Promise<void> {
    let uid: string | null;
    try {
      uid = await this.accounts.uidOfEmail(email);
    } catch (err) {
      logAuditAccountLookupFailed(this.logger, { requestId: logId(context.requestId), action: logCode(action), errorCode: errorCodeOf(err) });
      return;
    }
    if (!uid) return;
    await this.record([{ actorUid: uid, action, outcome, status: null, resource: { type: 'account', id: null, sessionId: null }, observedBy }], context);
  }

  /** The user's own entries, newest first, a page at a time. */
  async page(uid: string, filter: AuditFilterInput, cursorText: string | undefined, limit: number): Promise<AuditEntriesPage> {
    const cursor = cursorText ? decodeCursor(cursorText) : null;
    if (cursorText && !cursor) throw invalidArgument('cursor is not one this API issued', 'cursor');
    const { records, more } = await this.repo.page(uid, queryOf(filter), cursor, limit);
    const last = records.at(-1);
    return { entries: records.map(toContract), nextCursor: more && last ? encodeCursor(cursorAfter(last, last.at)) : null };
  }

  /**
   * The user's own filtered trail as CSV (a header, then a line per entry, newest first), read a page at a
   * time. The filter is checked at once (a 400 before anything is sent); the text comes as it is read.
   */
  csv(uid: string, filter: AuditFilterInput): AsyncGenerator<string> {
    return this.csvLines(uid, queryOf(filter));
  }

  private async *csvLines(uid: string, query: AuditQuery): AsyncGenerator<string> {
    yield csvHeader();
    let cursor = null;
    for (;;) {
      const { records, more } = await this.repo.page(uid, query, cursor, CSV_PAGE);
      if (records.length > 0) yield records.map((record) => csvRow(toContract(record))).join('');
      const last = records.at(-1);
      if (!more || !last) return;
      cursor = cursorAfter(last, last.at);
    }
  }
}


/** A time range must run forwards; otherwise the answer would silently be empty. */
function queryOf(filter: AuditFilterInput): AuditQuery {
  const from = filter.from ? new Date(filter.from) : undefined;
  const to = filter.to ? new Date(filter.to) : undefined;
  if (from && to && to <= from) throw invalidArgument('to must be after from', 'to');
  return { sessionId: filter.sessionId, action: filter.action, from, to };
}
