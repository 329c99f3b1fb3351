import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_ACTION_GROUPS, AUDIT_ACTION_LABELS } from '@charta/contract';
import { auditConfigFromEnv } from './audit-config.js';
import { addressHashOf, auditRecord, clientOf, coalescedEntryId, COALESCE_WINDOW_MS, CSV_COLUMNS, csvField, csvRow, expiryOf, outcomeOf, toContract, type AuditEvent } from './audit-entry.js';
import { routeMatcher } from './route-matcher.js';

const event: AuditEvent = {
  actorUid: 'uid-1',
  action: 'session.viewed',
  outcome: 'done',
  status: 200,
  resource: { type: 'session', id: 's1', sessionId: 's1' },
  observedBy: 'server',
};
const context = { requestId: 'req-12345678', client: 'web' as const, address: '203.0.113.7' };

describe('an audit entry', () => {
  it('Holds ids, the request and a keyed hash of the address; expires after the retention', () => {
    const now = new Date('2024-02-29T10:00:00Z');
    const record = auditRecord(event, context, { id: 'e1', now, retentionYears: 6, addressKey: 'k'.repeat(32) });
    expect(record).toEqual({
      id: 'e1',
      at: '2024-02-29T10:00:00.000Z',
      actorUid: 'uid-1',
      action: 'session.viewed',
      outcome: 'done',
      status: 200,
      resourceType: 'session',
      resourceId: 's1',
      sessionId: 's1',
      client: 'web',
      observedBy: 'server',
      requestId: 'req-12345678',
      addressHash: addressHashOf('k'.repeat(32), '203.0.113.7'),
      signInMethod: null,
      // 29 February six years on does not exist: 1 March.
      expiresAt: '2030-03-01T10:00:00.000Z',
    });
    expect(record.addressHash).toMatch(/^[0-9a-f]{16}$/);
    expect(JSON.stringify(record)).not.toContain('203.0.113.7');
    expect(toContract(record)).not.toHaveProperty('expiresAt');
  });

  it('Hashes an address with the key: another key, another value; no key, no hash', () => {
    expect(addressHashOf('a'.repeat(32), '203.0.113.7')).not.toBe(addressHashOf('b'.repeat(32), '203.0.113.7'));
    expect(addressHashOf('a'.repeat(32), '203.0.113.7')).toBe(addressHashOf('a'.repeat(32), '203.0.113.7'));
    expect(addressHashOf(undefined, '203.0.113.7')).toBeNull();
    expect(addressHashOf('a'.repeat(32), undefined)).toBeNull();
  });

  it('Names the client only from web or extension; anything else is the API', () => {
    expect(clientOf('web')).toBe('web');
    expect(clientOf(' Extension ')).toBe('extension');
    expect(clientOf('api')).toBe('api');
    expect(clientOf('curl')).toBe('api');
    expect(clientOf(undefined)).toBe('api');
  });

  it('Tells done, refused and failed from the status', () => {
    expect([200, 201, 202, 206, 304, 400, 403, 404, 409, 500, 503].map(outcomeOf)).toEqual(['done', 'done', 'done', 'done', 'done', 'refused', 'refused', 'refused', 'refused', 'failed', 'failed']);
  });

  it('Gives repeats of a read in one window one id, and another window, outcome, client or resource another', () => {
    const at = new Date(Math.floor(Date.now() / COALESCE_WINDOW_MS) * COALESCE_WINDOW_MS);
    const id = coalescedEntryId(event, 'web', at);
    expect(coalescedEntryId(event, 'web', new Date(at.getTime() + COALESCE_WINDOW_MS - 1))).toBe(id);
    expect(coalescedEntryId(event, 'web', new Date(at.getTime() + COALESCE_WINDOW_MS))).not.toBe(id);
    expect(coalescedEntryId({ ...event, outcome: 'refused' }, 'web', at)).not.toBe(id);
    expect(coalescedEntryId(event, 'extension', at)).not.toBe(id);
    expect(coalescedEntryId({ ...event, resource: { type: 'session', id: 's2', sessionId: 's2' } }, 'web', at)).not.toBe(id);
    expect(coalescedEntryId({ ...event, actorUid: 'uid-2' }, 'web', at)).not.toBe(id);
    expect(id).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('Expires whole calendar years later', () => {
    expect(expiryOf(new Date('2020-06-15T00:00:00Z'), 6).toISOString()).toBe('2026-06-15T00:00:00.000Z');
  });
});

describe('the CSV', () => {
  it('Quotes commas, quotes and line breaks, and defuses what a spreadsheet would run as a formula', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('-1+2')).toBe("'-1+2");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField(null)).toBe('');
    expect(csvField(404)).toBe('404');
  });

  it('Has a field per column, the label beside the action', () => {
    const row = csvRow(toContract(auditRecord(event, context, { id: 'e1', now: new Date('2024-01-01T00:00:00Z'), retentionYears: 6, addressKey: undefined })));
    expect(row.endsWith('\r\n')).toBe(true);
    const fields = row.trimEnd().split(',');
    expect(fields).toHaveLength(CSV_COLUMNS.length);
    expect(fields.slice(0, 4)).toEqual(['2024-01-01T00:00:00.000Z', 'session.viewed', AUDIT_ACTION_LABELS['session.viewed'], 'done']);
  });
});

describe('the actions', () => {
  it('Each is in exactly one group of the filter', () => {
    const grouped = AUDIT_ACTION_GROUPS.flatMap((g) => g.actions);
    expect([...grouped].sort()).toEqual([...AUDIT_ACTIONS].sort());
    expect(new Set(grouped).size).toBe(grouped.length);
  });
});

describe('the audit settings', () => {
  it('Keep six years by default and refuse less; need a long key, and one in production', () => {
    expect(auditConfigFromEnv({}, false)).toEqual({ retentionYears: 6, addressKey: undefined });
    expect(auditConfigFromEnv({ AUDIT_RETENTION_YEARS: '10', AUDIT_HMAC_SECRET: 'x'.repeat(32) }, true)).toEqual({ retentionYears: 10, addressKey: 'x'.repeat(32) });
    expect(() => auditConfigFromEnv({ AUDIT_RETENTION_YEARS: '5' }, false)).toThrow(/AUDIT_RETENTION_YEARS/);
    expect(() => auditConfigFromEnv({ AUDIT_RETENTION_YEARS: '6.5' }, false)).toThrow(/AUDIT_RETENTION_YEARS/);
    expect(() => auditConfigFromEnv({}, true)).toThrow(/AUDIT_HMAC_SECRET is not set/);
    expect(() => auditConfigFromEnv({ AUDIT_HMAC_SECRET: 'short' }, false)).toThrow(/at least 32/);
  });
});

describe('the route matcher', () => {
  const routes = routeMatcher({ 'POST /session/delete': 'delete', 'GET /session/audio/:sessionId': 'audio', 'GET /profile': 'profile', 'DELETE /profile/:id': 'deleteProfile' });

  it('Matches as Express does by default: any case, a trailing slash, HEAD as GET, one segment per parameter', () => {
    expect(routes.match('POST', '/session/delete')?.value).toBe('delete');
    expect(routes.match('POST', '/Session/DELETE/')?.value).toBe('delete');
    expect(routes.match('GET', '/profile/')?.value).toBe('profile');
    expect(routes.match('HEAD', '/session/audio/abc')).toMatchObject({ value: 'audio', params: { sessionId: 'abc' } });
    expect(routes.match('GET', '/session/audio/a%20b')?.params).toEqual({ sessionId: 'a b' });
    expect(routes.match('GET', '/session/audio/%E0%A4%A')).toMatchObject({ value: 'audio', params: {} });
    expect(routes.match('GET', '/session/audio/')).toBeUndefined();
    expect(routes.match('GET', '/session/audio/a/b')).toBeUndefined();
    expect(routes.match('GET', '/session/delete')).toBeUndefined();
    expect(routes.match('POST', '/session/deleted')).toBeUndefined();
  });

  it('Refuses a pattern it would not match as Express does', () => {
    expect(() => routeMatcher({ 'GET /files/*path': 1 })).toThrow(/neither a literal nor a :name/);
    expect(() => routeMatcher({ 'GET /a{/:b}': 1 })).toThrow(/neither a literal nor a :name/);
    expect(() => routeMatcher({ 'FETCH /a': 1 })).toThrow(/METHOD \/path/);
  });
});
