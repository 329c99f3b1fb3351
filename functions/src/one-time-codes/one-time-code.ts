// One-time sign-in codes, the domain part (no Firebase here): making a code, what is stored of it, and the
// verdict on a guess. OWASP ASVS V2.7/V6.5: a CSPRNG code, short-lived, single use, a bounded number of
// tries, kept only as a keyed hash and compared in constant time.
import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { ONE_TIME_CODE } from '@charta/contract';

/**
 * What is stored for the latest code sent to one address (`oneTimeCodes/{emailKey}`; a new code
 * overwrites it, so the previous one is dead). The code itself is never stored, nor the address. The
 * guesses at it and its use are separate create-only documents (see OneTimeCodeRepo), never fields here.
 */
export interface OneTimeCodeRecord {
  /** Random, made when the code was sent: binds the digest to this one sending (see `codeDigest`). */
  issueId: string;
  /** HMAC-SHA256 of the issue id and the code under the server's key, hex. */
  codeDigest: string;
  createdAt: string;
  /** When it stops working; also the field the TTL policy deletes the record by. */
  expiresAt: string;
}

/** Why a guess was refused (logged as a code; the caller always gets the same answer). */
export type RejectionReason = 'no_code' | 'used' | 'expired' | 'locked' | 'wrong' | 'replaced';

export type Verdict = { accepted: true } | { accepted: false; reason: RejectionReason };

/**
 * The server's keyed hashes, under OTP_HMAC_SECRET. Keyed (HMAC), not a plain hash: six digits are a
 * million values and addresses can be guessed, so an unkeyed hash of either is reversed by trying them
 * all; without the key, someone who reads the database learns neither.
 */
export class OneTimeCodeKeys {
  constructor(private readonly secret: string) {}

  private hmac(...parts: string[]): string {
    // NUL never occurs in an address, an id or digits, so the parts cannot run into each other.
    return createHmac('sha256', this.secret).update(parts.join('\0')).digest('hex');
  }

  /** The record's id and the per-address limit's subject: the address, keyed. */
  emailKey(email: string): string {
    return this.hmac('email', email);
  }

  /**
   * The stored digest binds the code to the address (the record's id is its key) and to the sending that
   * made it (`issueId`): the same digits sent earlier, or to someone else, never match.
   */
  codeDigest(issueId: string, code: string): string {
    return this.hmac('code', issueId, code);
  }
}

/** A fresh code: `ONE_TIME_CODE.length` digits from the operating system's CSPRNG, leading zeros kept. */
export function newCode(): string {
  return String(randomInt(0, 10 ** ONE_TIME_CODE.length)).padStart(ONE_TIME_CODE.length, '0');
}

/** A new code and the record that replaces the address's previous one. */
export function issueCode(keys: OneTimeCodeKeys, now: Date): { code: string; record: OneTimeCodeRecord } {
  const code = newCode();
  const issueId = randomUUID();
  return {
    code,
    record: {
      issueId,
      codeDigest: keys.codeDigest(issueId, code),
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + ONE_TIME_CODE.validForMs).toISOString(),
    },
  };
}

/** Equal digests, compared in time that does not depend on where they differ. */
function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A record that can still be guessed at by time: there is one and it has not expired. */
export function liveRecord(record: OneTimeCodeRecord | undefined, now: Date): Verdict & { record?: OneTimeCodeRecord } {
  if (!record) return { accepted: false, reason: 'no_code' };
  if (now.getTime() >= Date.parse(record.expiresAt)) return { accepted: false, reason: 'expired' };
  return { accepted: true, record };
}

/** Whether `code` is the record's code, compared as keyed digests in constant time. */
export function codeMatches(keys: OneTimeCodeKeys, record: OneTimeCodeRecord, code: string): boolean {
  return sameDigest(keys.codeDigest(record.issueId, code), record.codeDigest);
}
