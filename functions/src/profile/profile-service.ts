import type { CallerIdentity } from '../identity/identity-provider.js';
import { invalidArgument } from '../http/errors.js';
import type { TemplateCatalog } from '../templates/template-catalog.js';
import { logId, type Logger } from '../logging/logger.js';
import { logProfileCreated } from '../logging/log-events.js';
import { profileFromIdentity, type Profile, type ProfileChanges } from './profile.js';
import type { ProfileRepo } from './profile-repo.js';

/** Profile use cases. A profile exists from the caller's first request; nobody has to "create" one. */
export class ProfileService {
  constructor(
    private readonly repo: ProfileRepo,
    private readonly templates: TemplateCatalog,
    private readonly logger: Logger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The caller's profile, made from their token's claims on first use (in a transaction: two first calls make one). */
  async getOrCreate(caller: CallerIdentity): Promise<Profile> {
    const { profile, created } = await this.repo.runTransaction(async (tx) => {
      const existing = await this.repo.find(tx, caller.uid);
      if (existing) return { profile: existing, created: false };
      const fresh = profileFromIdentity(caller, this.now());
      this.repo.save(tx, fresh);
      return { profile: fresh, created: true };
    });
    if (created) logProfileCreated(this.logger, { uid: logId(caller.uid) });
    return profile;
  }

  async update(caller: CallerIdentity, changes: ProfileChanges): Promise<Profile> {
    if (changes.defaultTemplateId && !(await this.templates.isUsableBy(caller.uid, changes.defaultTemplateId))) {
      throw invalidArgument('defaultTemplateId is not a template you can use', 'defaultTemplateId');
    }
    return this.repo.runTransaction(async (tx) => {
      const current = (await this.repo.find(tx, caller.uid)) ?? profileFromIdentity(caller, this.now());
      const updated: Profile = { ...current, ...changes, updatedAt: this.now().toISOString() };
      this.repo.save(tx, updated);
      return updated;
    });
  }
}
