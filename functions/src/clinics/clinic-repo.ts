import { FieldValue, Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../firestore/collections.js';
import { recordConverter } from '../firestore/converter.js';
import { CLINIC_LIMITS, type ClinicRecord, type ClinicTemplateRecord, type DomainClaimRecord, type InvitationRecord, type MemberRecord } from './clinic.js';

const clinicConverter = recordConverter<ClinicRecord>().storingAsTimestamps('createdAt');
const memberConverter = recordConverter<MemberRecord>().storingAsTimestamps('joinedAt');
const invitationConverter = recordConverter<InvitationRecord>().storingAsTimestamps('createdAt', 'expiresAt', 'closedAt');
const templateConverter = recordConverter<ClinicTemplateRecord>().storingAsTimestamps('publishedAt');
const domainConverter = recordConverter<DomainClaimRecord>().storingAsTimestamps('claimedAt');
/** The community library's name for its add markers (templates/library-repo.ts), so one collection-group query finds both. */
const ADDERS = 'adders';

/**
 * Typed access to the clinics' five collections (clinics, clinicMembers, clinicInvitations, clinicTemplates,
 * clinicDomains).
 * Every query is scoped to one clinic by an equality on clinicId (single-field indexes serve them) and bounded
 * by CLINIC_LIMITS, so a clinic's members, invitations and library are each one read.
 */
export class ClinicRepo {
  constructor(private readonly db: Firestore) {}

  private get clinics() {
    return this.db.collection(COLLECTIONS.clinics).withConverter(clinicConverter);
  }

  private get members() {
    return this.db.collection(COLLECTIONS.clinicMembers).withConverter(memberConverter);
  }

  private get invitations() {
    return this.db.collection(COLLECTIONS.clinicInvitations).withConverter(invitationConverter);
  }

  private get templates() {
    return this.db.collection(COLLECTIONS.clinicTemplates).withConverter(templateConverter);
  }

  private get domains() {
    return this.db.collection(COLLECTIONS.clinicDomains).withConverter(domainConverter);
  }

  async findDomainClaim(domain: string, tx?: Transaction): Promise<DomainClaimRecord | null> {
    const ref = this.domains.doc(domain);
    return (tx ? await tx.get(ref) : await ref.get()).data() ?? null;
  }

  saveDomainClaim(tx: Transaction, claim: DomainClaimRecord): void {
    tx.set(this.domains.doc(claim.domain), claim);
  }

  deleteDomainClaim(tx: Transaction, domain: string): void {
    tx.delete(this.domains.doc(domain));
  }

  runTransaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.runTransaction(work);
  }

  newClinicId(): string {
    return this.clinics.doc().id;
  }

  newInvitationId(): string {
    return this.invitations.doc().id;
  }

  async findClinic(id: string, tx?: Transaction): Promise<ClinicRecord | null> {
    const ref = this.clinics.doc(id);
    return (tx ? await tx.get(ref) : await ref.get()).data() ?? null;
  }

  /** The caller's membership, read fresh from Firestore (every clinic route does, so a removal counts at once). */
  async findMember(uid: string, tx?: Transaction): Promise<MemberRecord | null> {
    const ref = this.members.doc(uid);
    return (tx ? await tx.get(ref) : await ref.get()).data() ?? null;
  }

  async membersOf(clinicId: string, tx?: Transaction): Promise<MemberRecord[]> {
    const query = this.members.where('clinicId', '==', clinicId).limit(CLINIC_LIMITS.members);
    return (tx ? await tx.get(query) : await query.get()).docs.map((d) => d.data());
  }

  /** Invitations of a clinic still stored as pending (some may have expired). */
  async pendingInvitationsOf(clinicId: string, tx?: Transaction): Promise<InvitationRecord[]> {
    const query = this.invitations.where('clinicId', '==', clinicId).where('status', '==', 'pending').limit(CLINIC_LIMITS.members);
    return (tx ? await tx.get(query) : await query.get()).docs.map((d) => d.data());
  }

  async findInvitation(id: string, tx?: Transaction): Promise<InvitationRecord | null> {
    const ref = this.invitations.doc(id);
    return (tx ? await tx.get(ref) : await ref.get()).data() ?? null;
  }

  async findInvitationByTokenHash(tokenHash: string, tx?: Transaction): Promise<InvitationRecord | null> {
    const query = this.invitations.where('tokenHash', '==', tokenHash).limit(1);
    return (tx ? await tx.get(query) : await query.get()).docs[0]?.data() ?? null;
  }

  saveClinic(tx: Transaction, record: ClinicRecord): void {
    tx.set(this.clinics.doc(record.id), record);
  }

  /** Create-only: two clinics made at once by one clinician cannot both take their membership. */
  createMember(tx: Transaction, record: MemberRecord): void {
    tx.create(this.members.doc(record.uid), record);
  }

  saveMember(tx: Transaction, record: MemberRecord): void {
    tx.set(this.members.doc(record.uid), record);
  }

  deleteMember(tx: Transaction, uid: string): void {
    tx.delete(this.members.doc(uid));
  }

  saveInvitation(tx: Transaction, record: InvitationRecord): void {
    tx.set(this.invitations.doc(record.id), record);
  }

  async deleteInvitation(id: string): Promise<void> {
    await this.invitations.doc(id).delete();
  }

  async findTemplate(id: string, tx?: Transaction): Promise<ClinicTemplateRecord | null> {
    const ref = this.templates.doc(id);
    return (tx ? await tx.get(ref) : await ref.get()).data() ?? null;
  }

  async templatesOf(clinicId: string, tx?: Transaction): Promise<ClinicTemplateRecord[]> {
    const query = this.templates.where('clinicId', '==', clinicId).limit(CLINIC_LIMITS.templates);
    return (tx ? await tx.get(query) : await query.get()).docs.map((d) => d.data());
  }

  saveTemplate(tx: Transaction, record: ClinicTemplateRecord): void {
    tx.set(this.templates.doc(record.id), record);
  }

  /** With its add markers beneath it (recursiveDelete), so nothing naming a member is left behind. */
  async deleteTemplate(id: string): Promise<void> {
    await this.db.recursiveDelete(this.db.collection(COLLECTIONS.clinicTemplates).doc(id));
  }

  /** The copy `uid` made of clinic template `id` (its add marker), or null. */
  async addedCopyOf(id: string, uid: string, tx?: Transaction): Promise<string | null> {
    const ref = this.adderMarker(id, uid);
    const snap = tx ? await tx.get(ref) : await ref.get();
    const copy: unknown = snap.get('templateId');
    return typeof copy === 'string' ? copy : null;
  }

  /** For each of `ids` the caller added, their copy's id (one batched read of the markers). */
  async addedCopiesOf(ids: readonly string[], uid: string): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    if (ids.length === 0) return found;
    const snaps = await this.db.getAll(...ids.map((id) => this.adderMarker(id, uid)));
    snaps.forEach((snap, i) => {
      const copy: unknown = snap.get('templateId');
      if (typeof copy === 'string') found.set(ids[i]!, copy);
    });
    return found;
  }

  /**
   * The add marker (`adders/{uid}`, as the community library's: account deletion's `withdrawAddsOf` finds both
   * by the collection group and takes the add off the count) and, the first time, the count.
   */
  markAdded(tx: Transaction, id: string, uid: string, copyId: string, at: Date, { count }: { count: boolean }): void {
    tx.set(this.adderMarker(id, uid), { uid, templateId: copyId, addedAt: Timestamp.fromDate(at) });
    if (count) tx.update(this.templates.doc(id).withConverter(null), { addCount: FieldValue.increment(1) });
  }

  private adderMarker(id: string, uid: string) {
    return this.db.collection(COLLECTIONS.clinicTemplates).doc(id).collection(ADDERS).doc(uid);
  }

  /** What a member published to a clinic: it goes when they leave, are removed, or delete their account. */
  async deleteTemplatesBy(clinicId: string, authorUid: string): Promise<number> {
    const snap = await this.templates.where('clinicId', '==', clinicId).where('authorUid', '==', authorUid).select().get();
    await Promise.all(snap.docs.map((d) => this.db.recursiveDelete(d.ref)));
    return snap.size;
  }

  /** A deleted clinic: its members, invitations and library, then the clinic. */
  async deleteClinicWithEverything(clinicId: string): Promise<number> {
    let deleted = 0;
    for (const collection of [this.members, this.invitations, this.templates, this.domains]) {
      const snap = await collection.where('clinicId', '==', clinicId).select().get();
      // Recursively: a library template's add markers go with it.
      await Promise.all(snap.docs.map((doc) => this.db.recursiveDelete(doc.ref)));
      deleted += snap.size;
    }
    await this.clinics.doc(clinicId).delete();
    return deleted + 1;
  }
}
