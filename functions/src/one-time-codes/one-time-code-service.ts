import { INVALID_ONE_TIME_CODE_MESSAGE } from '@charta/contract';
import { invalidArgument, unavailable } from '../http/errors.js';
import type { IdentityProvider } from '../identity/identity-provider.js';
import { logCode, logId, type LogId, type Logger } from '../logging/logger.js';
import { logOneTimeCodeMailFailed, logOneTimeCodeRejected, logOneTimeCodeSignIn } from '../logging/log-events.js';
import type { Mailer } from '../mail/mailer.js';
import { MailNotSentError } from '../mail/smtp-mailer.js';
import { codeEmail } from './code-email.js';
import { codeMatches, issueCode, liveRecord, type OneTimeCodeKeys, type Verdict } from './one-time-code.js';
import type { OneTimeCodeRepo } from './one-time-code-repo.js';

/**
 * Sign-in by a code sent by email. Sending never looks the address up: it does the same work and gives the
 * same answer whether or not an account exists, so neither the answer nor its timing tells. The account is
 * found (or made) only once the right code proves the caller reads that mailbox.
 */
export class OneTimeCodeService {
  constructor(
    private readonly repo: OneTimeCodeRepo,
    /** Undefined where OTP_HMAC_SECRET is not set (outside production): the routes answer 503. */
    private readonly keys: OneTimeCodeKeys | undefined,
    private readonly mailer: Mailer,
    private readonly identity: IdentityProvider,
    private readonly logger: Logger,
    private readonly now: () => Date,
  ) {}

  private requireKeys(): OneTimeCodeKeys {
    if (!this.keys) throw unavailable('Sign-in by email code is not configured on this server');
    return this.keys;
  }

  /** The address as the per-address send limit counts it (keyed, so the limit's id reveals nothing). */
  emailKeyOf(email: string): string {
    return this.requireKeys().emailKey(email);
  }

  /** Makes a code for `email` (replacing any earlier one) and mails it. */
  async send(email: string, requestId: LogId): Promise<void> {
    const keys = this.requireKeys();
    const { code, record } = issueCode(keys, this.now());
    await this.repo.replace(keys.emailKey(email), record);
    try {
      await this.mailer.send(codeEmail(email, code));
    } catch (err) {
      logOneTimeCodeMailFailed(this.logger, { requestId, reason: logCode(err instanceof MailNotSentError ? err.reason : 'unknown') });
      throw unavailable('The email could not be sent right now; try again in a few minutes');
    }
  }

  /**
   * A custom token for the account of `email` if `code` is its live code; the account is made (email
   * verified) if there is none. Wrong, expired, used, replaced and locked codes all get one answer.
   */
  async verify(email: string, code: string, requestId: LogId): Promise<{ uid: string; customToken: string }> {
    const keys = this.requireKeys();
    const emailKey = keys.emailKey(email);
    const verdict = await this.judge(keys, emailKey, code);
    if (!verdict.accepted) {
      logOneTimeCodeRejected(this.logger, { requestId, reason: logCode(verdict.reason) });
      throw invalidArgument(INVALID_ONE_TIME_CODE_MESSAGE, 'code');
    }
    const { uid, customToken, created } = await this.identity.customTokenForVerifiedEmail(email);
    logOneTimeCodeSignIn(this.logger, { requestId, uid: logId(uid), created });
    return { uid, customToken };
  }

  /**
   * A dead code (none, expired, used) is refused before a guess place is taken, so guessing at it counts
   * nothing; every other guess takes one of the code's places first (none left: locked), so at most
   * ONE_TIME_CODE.maxWrongAttempts guesses are ever compared, however many arrive at once.
   */
  private async judge(keys: OneTimeCodeKeys, emailKey: string, code: string): Promise<Verdict> {
    const live = liveRecord(await this.repo.find(emailKey), this.now());
    if (!live.accepted || !live.record) return live;
    const { record } = live;
    if (await this.repo.isUsed(emailKey, record)) return { accepted: false, reason: 'used' };
    if (!(await this.repo.takeGuessPlace(emailKey, record))) return { accepted: false, reason: 'locked' };
    if (!codeMatches(keys, record, code)) return { accepted: false, reason: 'wrong' };
    // Replaced by a newer code while this guess ran: the old one no longer counts.
    if ((await this.repo.find(emailKey))?.issueId !== record.issueId) return { accepted: false, reason: 'replaced' };
    if (!(await this.repo.markUsed(emailKey, record))) return { accepted: false, reason: 'used' };
    return { accepted: true };
  }
}
