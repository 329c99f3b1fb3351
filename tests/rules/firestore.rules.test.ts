import { readFileSync } from 'node:fs';
import { assertFails, assertSucceeds, initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { doc, getDoc, setDoc, deleteDoc, collection, getDocs } from 'firebase/firestore';
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

describe('Any other collection', () => {
  it('Is denied to everyone', async () => {
    await assertFails(getDoc(doc(env.authenticatedContext('alice').firestore(), 'somethingElse/x')));
    await assertFails(getDoc(doc(env.unauthenticatedContext().firestore(), 'somethingElse/x')));
    await assertFails(setDoc(doc(env.authenticatedContext('alice').firestore(), 'somethingElse/y'), { a: 1 }));
  });
});
