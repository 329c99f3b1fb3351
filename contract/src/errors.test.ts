import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_STATUS, errorCodeForStatus, isErrorCode } from './errors.js';

describe('error codes and their statuses', () => {
  it('Sends every code with an HTTP error status', () => {
    for (const code of ERROR_CODES) expect(ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
  });

  it('Reads each status back as its general code, never a more precise one', () => {
    // The precise codes share a general code's status; a client that knows only the status reads the general one.
    const precise = { reauthentication_required: 'permission_denied', replaces_edited_text: 'conflict', consent_required: 'conflict', sign_in_method_not_allowed: 'permission_denied' } as const;
    const general = ERROR_CODES.filter((code) => !(code in precise));
    expect(new Set(general.map((code) => ERROR_STATUS[code])).size).toBe(general.length);
    for (const code of general) expect(errorCodeForStatus(ERROR_STATUS[code])).toBe(code);
    for (const [code, generalCode] of Object.entries(precise)) {
      expect(ERROR_STATUS[code as keyof typeof precise]).toBe(ERROR_STATUS[generalCode]);
      expect(errorCodeForStatus(ERROR_STATUS[code as keyof typeof precise])).toBe(generalCode);
    }
  });

  it('Treats a server status no code is sent with as internal, and other statuses as no code', () => {
    expect(errorCodeForStatus(502)).toBe('internal');
    expect(errorCodeForStatus(504)).toBe(errorCodeForStatus(ERROR_STATUS.internal));
    expect(errorCodeForStatus(418)).toBeUndefined();
    expect(errorCodeForStatus(200)).toBeUndefined();
  });

  it('Recognises the codes and nothing else', () => {
    for (const code of ERROR_CODES) expect(isErrorCode(code)).toBe(true);
    expect(isErrorCode('teapot')).toBe(false);
    expect(isErrorCode(404)).toBe(false);
  });
});
