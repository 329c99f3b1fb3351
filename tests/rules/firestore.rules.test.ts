import { readFileSync } from 'node:fs';
import { assertFails, assertSucceeds, initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { doc, getDoc, setDoc, deleteDoc, collection, getDocs, query, where } from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import { firestoreEmulatorHost, hostAndPort } from '../support/emulators.js';

// A project id of its own, so clearing data here never touches other suites' documents.
const RULES_PROJECT = 'demo-charta-rules';
let env: RulesTestEnvironment;

beforeAll(async () => {
  env = await initializeTestEnvironment({
    projectId: RULES_PROJECT,
    firestore: { ...hostAndPort(firestoreEmulatorHost()), rules: readFileSync(new URL('../../firestore.rules', import.meta.url), 'utf8') },
  });
});
afterAll(async () => env?.cleanup());
beforeEach(async () => {
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (ctx) => {
    const db = ctx.firestore();
    await setDoc(doc(db, 'profiles/alice'), { uid: 'alice', displayName: 'Dr A' });
    await setDoc(doc(db, 'subscriptions/alice'), { uid: 'alice', plan: 'free' });
    await setDoc(doc(db, 'somethingElse/x'), { uid: 'alice' });
    await setDoc(doc(db, 'sessions/s1'), { ownerUid: 'alice', patientName: 'P' });
    await setDoc(doc(db, 'audioUploads/u1'), { ownerUid: 'alice' });
    await setDoc(doc(db, 'pipelineEvents/e1'), { ownerUid: 'alice', sessionId: 's1' });
    await setDoc(doc(db, 'templates/t1'), { ownerUid: 'alice', name: 'My SOAP' });
    await setDoc(doc(db, 'publishedTemplates/p1'), { authorUid: 'alice', templateId: 't1', name: 'My SOAP' });
    await setDoc(doc(db, 'publishedTemplates/p1/adders/bob'), { uid: 'bob' });
    await setDoc(doc(db, 'templateShares/sh1'), { ownerUid: 'alice', templateId: 't1' });
    await setDoc(doc(db, 'templateShares/sh1/adders/bob'), { uid: 'bob' });
    await setDoc(doc(db, 'libraryReports/p1_bob'), { uid: 'bob', publishedTemplateId: 'p1', reason: 'spam' });
    // A clinic alice owns and bob is a member of, with an invitation and a clinic library template.
    await setDoc(doc(db, 'clinics/c1'), { id: 'c1', name: 'Northside Practice' });
    await setDoc(doc(db, 'clinicMembers/alice'), { uid: 'alice', clinicId: 'c1', role: 'owner' });
    await setDoc(doc(db, 'clinicMembers/bob'), { uid: 'bob', clinicId: 'c1', role: 'member' });
    await setDoc(doc(db, 'clinicInvitations/i1'), { id: 'i1', clinicId: 'c1', email: 'carol@example.com', tokenHash: 'ab', status: 'pending' });
    await setDoc(doc(db, 'clinicTemplates/c1_t1'), { id: 'c1_t1', clinicId: 'c1', authorUid: 'alice', templateId: 't1', name: 'My SOAP' });
    await setDoc(doc(db, 'auditTrail/a1'), { actorUid: 'alice', action: 'session.viewed', sessionId: 's1', outcome: 'done' });
  });
});

// Every collection the app keeps per user, by document path for alice.
const OWNED_COLLECTIONS = ['profiles', 'subscriptions'];

describe.each(OWNED_COLLECTIONS)('%s/{uid}', (collectionName) => {
  const path = `${collectionName}/alice`;

  it('Owner can read their own document', async () => {
    await assertSucceeds(getDoc(doc(env.authenticatedContext('alice').firestore(), path)));
  });

  it('Another user cannot read it', async () => {
    await assertFails(getDoc(doc(env.authenticatedContext('bob').firestore(), path)));
  });

  it('Signed out cannot read it', async () => {
    await assertFails(getDoc(doc(env.unauthenticatedContext().firestore(), path)));
  });

  it('Nobody writes from a client, not even the owner (writes go through the API)', async () => {
    await assertFails(setDoc(doc(env.authenticatedContext('alice').firestore(), path), { plan: 'pro' }));
    await assertFails(deleteDoc(doc(env.authenticatedContext('alice').firestore(), path)));
    await assertFails(setDoc(doc(env.authenticatedContext('bob').firestore(), path), { plan: 'pro' }));
    await assertFails(setDoc(doc(env.unauthenticatedContext().firestore(), path), { plan: 'pro' }));
  });

  it('Nobody lists the whole collection', async () => {
    await assertFails(getDocs(collection(env.authenticatedContext('alice').firestore(), collectionName)));
  });
});

describe('sessions/{id} (owned through ownerUid)', () => {
  it('Owner can read it, and query their own', async () => {
    const db = env.authenticatedContext('alice').firestore();
    await assertSucceeds(getDoc(doc(db, 'sessions/s1')));
    await assertSucceeds(getDocs(query(collection(db, 'sessions'), where('ownerUid', '==', 'alice'))));
  });

  it('Another user cannot read it, nor query for it', async () => {
    const db = env.authenticatedContext('bob').firestore();
    await assertFails(getDoc(doc(db, 'sessions/s1')));
    await assertFails(getDocs(query(collection(db, 'sessions'), where('ownerUid', '==', 'alice'))));
    await assertFails(getDocs(collection(db, 'sessions')));
  });

  it('Signed out cannot read it', async () => {
    await assertFails(getDoc(doc(env.unauthenticatedContext().firestore(), 'sessions/s1')));
  });

  it('Nobody writes from a client', async () => {
    await assertFails(setDoc(doc(env.authenticatedContext('alice').firestore(), 'sessions/s1'), { ownerUid: 'alice', status: 'ready' }));
    await assertFails(setDoc(doc(env.authenticatedContext('alice').firestore(), 'sessions/s2'), { ownerUid: 'alice' }));
    await assertFails(deleteDoc(doc(env.authenticatedContext('alice').firestore(), 'sessions/s1')));
  });
});

describe.each(['audioUploads/u1', 'pipelineEvents/e1'])('%s (server bookkeeping)', (path) => {
  it('Owner, another user and signed out are all denied', async () => {
    await assertFails(getDoc(doc(env.authenticatedContext('alice').firestore(), path)));
    await assertFails(getDoc(doc(env.authenticatedContext('bob').firestore(), path)));
    await assertFails(getDoc(doc(env.unauthenticatedContext().firestore(), path)));
    await assertFails(setDoc(doc(env.authenticatedContext('alice').firestore(), path), { ownerUid: 'alice' }));
  });
});

// Templates, the library and share links go through the API only (ownership, public view, add counts):
// no client reads or writes them, not even the owner or author, and nobody lists them.
describe.each(['templates/t1', 'publishedTemplates/p1', 'publishedTemplates/p1/adders/bob', 'templateShares/sh1', 'templateShares/sh1/adders/bob', 'libraryReports/p1_bob'])('%s (through the API only)', (path) => {
  it('Owner cannot read it', async () => {
    await assertFails(getDoc(doc(env.authenticatedContext('alice').firestore(), path)));
  });

  it('Another user cannot read it', async () => {
    await assertFails(getDoc(doc(env.authenticatedContext('bob').firestore(), path)));
  });

  it('Signed out cannot read it', async () => {
    await assertFails(getDoc(doc(env.unauthenticatedContext().firestore(), path)));
  });

  it('Nobody writes it or lists its collection', async () => {
    const alice = env.authenticatedContext('alice').firestore();
    await assertFails(setDoc(doc(alice, path), { ownerUid: 'alice', authorUid: 'alice', uid: 'alice' }));
    await assertFails(deleteDoc(doc(alice, path)));
    await assertFails(setDoc(doc(env.authenticatedContext('bob').firestore(), path), { uid: 'bob' }));
    await assertFails(getDocs(collection(alice, path.split('/').slice(0, -1).join('/'))));
  });
});

// Clinics go through the API only, which reads the caller's membership on every request: not even a member
// reads their own membership, their clinic, its invitations or its library here, and no query by clinic passes.
describe.each(['clinics/c1', 'clinicMembers/alice', 'clinicMembers/bob', 'clinicInvitations/i1', 'clinicTemplates/c1_t1'])('%s (clinics: through the API only)', (path) => {
  it('No member (owner or not), other user or signed-out client reads it', async () => {
    for (const uid of ['alice', 'bob', 'carol']) await assertFails(getDoc(doc(env.authenticatedContext(uid).firestore(), path)));
    await assertFails(getDoc(doc(env.unauthenticatedContext().firestore(), path)));
  });

  it('Nobody writes it, lists its collection or queries it by clinic', async () => {
    const alice = env.authenticatedContext('alice').firestore();
    await assertFails(setDoc(doc(alice, path), { clinicId: 'c1', role: 'owner', uid: 'alice' }));
    await assertFails(deleteDoc(doc(env.authenticatedContext('bob').firestore(), path)));
    const parent = path.split('/').slice(0, -1).join('/');
    await assertFails(getDocs(collection(alice, parent)));
    await assertFails(getDocs(query(collection(alice, parent), where('clinicId', '==', 'c1'))));
  });

  it('A user who is not a member cannot make themselves one', async () => {
    await assertFails(setDoc(doc(env.authenticatedContext('carol').firestore(), 'clinicMembers/carol'), { uid: 'carol', clinicId: 'c1', role: 'owner' }));
  });
});

// The audit trail is append-only and written by the API alone: no client, not even the user it names, may add,
// change or delete an entry (that would let someone cover their tracks or invent someone else's), nor read it.
describe('auditTrail/{id} (append-only, the API alone)', () => {
  it('Nobody adds an entry from a client, signed in or not', async () => {
    const alice = env.authenticatedContext('alice').firestore();
    await assertFails(setDoc(doc(alice, 'auditTrail/a2'), { actorUid: 'alice', action: 'session.viewed', outcome: 'done' }));
    await assertFails(setDoc(doc(env.authenticatedContext('bob').firestore(), 'auditTrail/a3'), { actorUid: 'alice', action: 'session.deleted', outcome: 'done' }));
    await assertFails(setDoc(doc(env.unauthenticatedContext().firestore(), 'auditTrail/a4'), { actorUid: 'alice' }));
  });

  it('Nobody changes or deletes one, not even the user it names', async () => {
    const alice = env.authenticatedContext('alice').firestore();
    await assertFails(setDoc(doc(alice, 'auditTrail/a1'), { actorUid: 'alice', action: 'note.viewed', outcome: 'done' }));
    await assertFails(setDoc(doc(alice, 'auditTrail/a1'), { outcome: 'refused' }, { merge: true }));
    await assertFails(deleteDoc(doc(alice, 'auditTrail/a1')));
  });

  it('Nobody reads or lists it from a client (the Activity page reads through the API)', async () => {
    const alice = env.authenticatedContext('alice').firestore();
    await assertFails(getDoc(doc(alice, 'auditTrail/a1')));
    await assertFails(getDocs(query(collection(alice, 'auditTrail'), where('actorUid', '==', 'alice'))));
    await assertFails(getDoc(doc(env.unauthenticatedContext().firestore(), 'auditTrail/a1')));
  });
});

describe('Any other collection', () => {
  it('Is denied to everyone', async () => {
    await assertFails(getDoc(doc(env.authenticatedContext('alice').firestore(), 'somethingElse/x')));
    await assertFails(getDoc(doc(env.unauthenticatedContext().firestore(), 'somethingElse/x')));
    await assertFails(setDoc(doc(env.authenticatedContext('alice').firestore(), 'somethingElse/y'), { a: 1 }));
  });
});
