import { createHash, createHmac, randomUUID } from 'node:crypto';
import {
  AUDIT_ACTION_LABELS,
  isAuditClient,
  type AuditAction,
  type AuditClient,
  type AuditEntry,
  type AuditObserver,
  type AuditOutcome,
  type AuditResourceType,
} from '@charta/contract';

/**
 * An audit entry, as the domain builds it (no Firebase here). What goes in is ids, codes and times only: the
 * types below have no field a patient's name, an email or note text could travel in.
 */

/** What an entry is about. Transcript, note and audio are named by their session's id (one of each per session). */
export interface AuditResource {
  type: AuditResourceType;
  id: string | null;
  sessionId: string | null;
}

/** One thing that happened, before it is stamped with its request and time. */
export interface AuditEvent {
  actorUid: string;
  action: AuditAction;
  outcome: AuditOutcome;
  /** The HTTP answer's status; null for what a client reported. */
  status: number | null;
  resource: AuditResource | null;
  observedBy: AuditObserver;
  signInMethod?: string | null;
  /** When it happened, if not now (a sign-in is dated by its token's auth_time). */
  at?: Date;
}

/** What every entry of one request shares. */
export interface AuditRequestContext {
  requestId: string;
  client: AuditClient;
  /** The client's address as Express derives it under `trust proxy`; only its keyed hash is stored. */
  address: string | undefined;
}

/** An entry as stored: the contract's entry and when it expires (a Firestore TTL policy deletes it then). */
export interface AuditRecord extends AuditEntry {
  expiresAt: string;
}

/** The client from the header the web app's API client sets; anything else, or none, is a direct API call. */
export function clientOf(header: string | undefined): AuditClient {
  const value = header?.trim().toLowerCase() ?? '';
  return isAuditClient(value) ? value : 'api';
}

/** done for 1xx-3xx, refused for 4xx (the API said no), failed for 5xx (it broke on our side). */
export function outcomeOf(status: number): AuditOutcome {
  if (status < 400) return 'done';
  return status < 500 ? 'refused' : 'failed';
}

/** `at` plus whole calendar years (29 February becomes 1 March in a year without one). */
export function expiryOf(at: Date, years: number): Date {
  const expires = new Date(at.getTime());
  expires.setUTCFullYear(expires.getUTCFullYear() + years);
  return expires;
}

/**
 * A keyed hash of a client address (HMAC-SHA256 under the server's key, 16 hex characters): the same address
 * gives the same value, so a clinician can tell "the usual place" from "somewhere new", and nobody can get
 * the address back from it (a plain hash of an IPv4 address falls to trying all four billion).
 */
export function addressHashOf(key: string | undefined, address: string | undefined): string | null {
  if (!key || !address) return null;
  return createHmac('sha256', key).update(address).digest('hex').slice(0, 16);
}

const digest = (parts: readonly unknown[]) => createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 32);

/**
 * Reads repeated by the same user, of the same thing, from the same client, with the same outcome, within
 * this window are one entry (the first): the app polls a session while it is processed (every 1.5 s) and the
 * Record tab its live transcript, which would otherwise write the trail every second and bury what matters.
 */
export const COALESCE_WINDOW_MS = 5 * 60_000;

/** The id of a coalesced read: every repeat in the window names the same entry, so a create-only write keeps the first. */
export function coalescedEntryId(event: AuditEvent, client: AuditClient, at: Date): string {
  const window = Math.floor(at.getTime() / COALESCE_WINDOW_MS);
  return `r-${digest([event.actorUid, event.action, event.resource?.type ?? null, event.resource?.id ?? null, event.outcome, client, window])}`;
}

/** The id of a sign-in: its uid and auth_time, so however many requests or instances notice it, it is one entry. */
export function signInEntryId(uid: string, signedInAt: Date): string {
  return `s-${digest([uid, signedInAt.getTime()])}`;
}

export interface EntryStamp {
  id?: string;
  now: Date;
  retentionYears: number;
  addressKey: string | undefined;
}

/** The stored entry for `event` in `context`. */
export function auditRecord(event: AuditEvent, context: AuditRequestContext, stamp: EntryStamp): AuditRecord {
  const at = event.at ?? stamp.now;
  return {
    id: stamp.id ?? randomUUID(),
    at: at.toISOString(),
    actorUid: event.actorUid,
    action: event.action,
    outcome: event.outcome,
    status: event.status,
    resourceType: event.resource?.type ?? null,
    resourceId: event.resource?.id ?? null,
    sessionId: event.resource?.sessionId ?? null,
    client: context.client,
    observedBy: event.observedBy,
    requestId: context.requestId,
    addressHash: addressHashOf(stamp.addressKey, context.address),
    signInMethod: event.signInMethod ?? null,
    expiresAt: expiryOf(at, stamp.retentionYears).toISOString(),
  };
}

/** The entry as the API answers it: everything stored but its expiry. */
export function toContract(record: AuditRecord): AuditEntry {
  const { expiresAt: _expiresAt, ...entry } = record;
  return entry;
}

// --- CSV ----------------------------------------------------------------------------------------------------

export const CSV_COLUMNS = [
  'time',
  'action',
  'description',
  'outcome',
  'status',
  'resource_type',
  'resource_id',
  'session_id',
  'client',
  'observed_by',
  'request_id',
  'address_hash',
  'sign_in_method',
  'entry_id',
] as const;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. A field a spreadsheet would run
 * as a formula (starting with = + - @, a tab or a carriage return) gets a leading apostrophe (OWASP's advice):
 * ids a client named may start with "-".
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvHeader(): string {
  return `${CSV_COLUMNS.join(',')}\r\n`;
}

export function csvRow(entry: AuditEntry): string {
  const fields = [
    entry.at,
    entry.action,
    AUDIT_ACTION_LABELS[entry.action],
    entry.outcome,
    entry.status,
    entry.resourceType,
    entry.resourceId,
    entry.sessionId,
    entry.client,
    entry.observedBy,
    entry.requestId,
    entry.addressHash,
    entry.signInMethod,
    entry.id,
  ];
  return `${fields.map(csvField).join(',')}\r\n`;
}
