import { conflict } from '../http/errors.js';
import type { IdentityProvider } from '../identity/identity-provider.js';
import { logCode, logId, type Logger } from '../logging/logger.js';
import { logAccountDeleted, logAccountDeletionStep } from '../logging/log-events.js';

/**
 * A capability that keeps data for a user. Each feature registers one, so deleting an account reaches
 * everything the user owns. Deleting must be idempotent: a retried deletion finds less and finishes the job.
 */
export interface AccountDataOwner {
  /** For logs: which kind of data this is ("profile", "sessions", ...). */
  readonly name: string;
  /** Deletes everything of this kind owned by uid; returns how many records went. */
  deleteAllOwnedBy(uid: string): Promise<number>;
}

/**
 * Something that must be settled before an account may go (an owned clinic with other members): nothing is
 * deleted while any says why not.
 */
export interface AccountDeletionPrecondition {
  /** Why the account of uid may not be deleted now (a sentence for the user), or null. */
  problemFor(uid: string): Promise<string | null>;
}

/**
 * Deletes a user and everything they own. Data goes first and the sign-in account last, so a failure
 * half-way leaves an account that can sign in and retry, never orphaned data without an owner to delete it.
 */
export class AccountDeletion {
  constructor(
    private readonly identity: IdentityProvider,
    private readonly owners: readonly AccountDataOwner[],
    private readonly logger: Logger,
    private readonly preconditions: readonly AccountDeletionPrecondition[] = [],
  ) {}

  async deleteAccount(uid: string): Promise<void> {
    for (const precondition of this.preconditions) {
      const problem = await precondition.problemFor(uid);
      if (problem) throw conflict(problem);
    }
    for (const owner of this.owners) {
      const deleted = await owner.deleteAllOwnedBy(uid);
      logAccountDeletionStep(this.logger, { uid: logId(uid), owner: logCode(owner.name), deleted });
    }
    await this.identity.deleteUser(uid);
    logAccountDeleted(this.logger, { uid: logId(uid), owners: this.owners.length });
  }
}
