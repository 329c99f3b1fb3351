/**
 * `sessionShares/{sessionId}_{colleagueUid}`: one session shared by its owner with one colleague of the same
 * clinic (docs/clinics.md "Sharing a session"). Ids only. Keyed by the pair, so sharing twice is one document.
 */
export interface SessionShareRecord {
  sessionId: string;
  ownerUid: string;
  colleagueUid: string;
  /** The clinic both were in when it was shared: a share counts only while both are still in it. */
  clinicId: string;
  sharedAt: string;
}

export const sessionShareId = (sessionId: string, colleagueUid: string) => `${sessionId}_${colleagueUid}`;
