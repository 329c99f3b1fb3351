import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../firestore/collections.js';
import { recordConverter } from '../firestore/converter.js';
import { CLINIC_LIMITS, type ClinicRecord, type ClinicTemplateRecord, type InvitationRecord, type MemberRecord } from './clinic.js';

const clinicConverter = recordConverter<ClinicRecord>().storingAsTimestamps('createdAt');
const memberConverter = recordConverter<MemberRecord>().storingAsTimestamps('joinedAt');
const invitationConverter = recordConverter<InvitationRecord>().storingAsTimestamps('createdAt', 'expiresAt', 'closedAt');
const templateConverter = recordConverter<ClinicTemplateRecord>().storingAsTimestamps('publishedAt');

/**
 * Typed access to the clinics' four collections (clinics, clinicMembers, clinicInvitations, clinicTemplates).
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

  async deleteTemplate(id: string): Promise<void> {
    await this.templates.doc(id).delete();
  }

  async countAdd(id: string): Promise<void> {
    await this.templates.doc(id).withConverter(null).update({ addCount: FieldValue.increment(1) });
  }

  /** What a member published to a clinic: it goes when they leave, are removed, or delete their account. */
  async deleteTemplatesBy(clinicId: string, authorUid: string): Promise<number> {
    const snap = await this.templates.where('clinicId', '==', clinicId).where('authorUid', '==', authorUid).select().get();
    await Promise.all(snap.docs.map((d) => d.ref.delete()));
    return snap.size;
  }

  /** A deleted clinic: its members, invitations and library, then the clinic. */
  async deleteClinicWithEverything(clinicId: string): Promise<number> {
    let deleted = 0;
    for (const collection of [this.members, this.invitations, this.templates]) {
      const snap = await collection.where('clinicId', '==', clinicId).select().get();
      await Promise.all(snap.docs.map((doc) => doc.ref.delete()));
      deleted += snap.size;
    }
    await this.clinics.doc(clinicId).delete();
    return deleted + 1;
  }
}
