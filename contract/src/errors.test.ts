import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_STATUS, errorCodeForStatus, isErrorCode } from './errors.js';

describe('error codes and their statuses', () => {
  it('Sends every code with an HTTP error status, and no two codes with the same one', () => {
    const statuses = ERROR_CODES.map((code) => ERROR_STATUS[code]);
    for (const status of statuses) expect(status).toBeGreaterThanOrEqual(400);
    expect(new Set(statuses).size).toBe(ERROR_CODES.length);
  });

  it('Reads each status back as the code it is sent for', () => {
    for (const code of ERROR_CODES) expect(errorCodeForStatus(ERROR_STATUS[code])).toBe(code);
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
