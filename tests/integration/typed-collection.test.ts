/**
 * The repositories' typed collection (functions/src/firestore/typed-collection.ts) on the Firestore
 * emulator: records read back as written, through the converter, in a transaction or alone; create refuses
 * an existing document; deletes go in a transaction or alone, and are counted where asked.
 */
import { getFirestore, Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordConverter } from '../../functions/src/firestore/converter.js';
import { deleteCounted, readRecord, readRecords, TypedCollection } from '../../functions/src/firestore/typed-collection.js';
import { adminApp } from '../support/api-app.js';

interface Note {
  id: string;
  ownerUid: string;
  text: string;
  createdAt: string;
}

const COLLECTION = 'typedCollectionTest';
const noteConverter = recordConverter<Note>().storingAsTimestamps('createdAt');

/** A repository as the real ones are made: the helper, with what it offers opened up. */
class NoteRepo extends TypedCollection<Note> {
  constructor(db: Firestore) {
    super(db, COLLECTION, noteConverter, (note) => note.id);
  }

  override newId(): string {
    return super.newId();
  }

  override create(tx: Transaction, note: Note): void {
    super.create(tx, note);
  }

  override deleteIn(tx: Transaction, id: string): void {
    super.deleteIn(tx, id);
  }

  override delete(id: string): Promise<void> {
    return super.delete(id);
  }

  ownedBy(uid: string, tx?: Transaction): Promise<Note[]> {
    return readRecords(this.collection.where('ownerUid', '==', uid).orderBy('createdAt'), tx);
  }
}

/** A transaction that only writes. */
const writing = (work: (tx: Transaction) => void) =>
  notes.runTransaction((tx) => {
    work(tx);
    return Promise.resolve();
  });

let db: Firestore;
let notes: NoteRepo;
const owner = randomUUID();
const note = (text: string, createdAt = '2026-12-01T10:00:00.000Z'): Note => ({ id: notes.newId(), ownerUid: owner, text, createdAt });

beforeAll(() => {
  db = getFirestore(adminApp());
  notes = new NoteRepo(db);
});

describe('TypedCollection', () => {
  it('Saves in a transaction and reads back the same record, its dates stored as Timestamps', async () => {
    const first = note('first');
    await writing((tx) => notes.save(tx, first));
    expect(await notes.find(first.id)).toEqual(first);
    expect((await db.collection(COLLECTION).doc(first.id).get()).get('createdAt')).toBeInstanceOf(Timestamp);
    expect(await notes.runTransaction((tx) => notes.find(first.id, tx))).toEqual(first);
  });

  it('Answers null for a document that is not there', async () => {
    expect(await notes.find(notes.newId())).toBeNull();
    expect(await readRecord(db.collection(COLLECTION).withConverter(noteConverter).doc(notes.newId()))).toBeNull();
  });

  it('Save replaces the whole record; create refuses one that exists', async () => {
    const record = note('v1');
    await writing((tx) => notes.create(tx, record));
    await writing((tx) => notes.save(tx, { ...record, text: 'v2' }));
    expect((await notes.find(record.id))?.text).toBe('v2');
    await expect(writing((tx) => notes.create(tx, record))).rejects.toThrow();
  });

  it('Reads a query in a transaction or alone', async () => {
    const later = note('later', '2026-12-01T11:00:00.000Z');
    const earlier = note('earlier', '2026-12-01T09:00:00.000Z');
    await writing((tx) => {
      notes.save(tx, later);
      notes.save(tx, earlier);
    });
    const alone = await notes.ownedBy(owner);
    expect(alone.map((n) => n.text)).toEqual(expect.arrayContaining(['earlier', 'later']));
    expect(alone.findIndex((n) => n.id === earlier.id)).toBeLessThan(alone.findIndex((n) => n.id === later.id));
    expect(await notes.runTransaction((tx) => notes.ownedBy(owner, tx))).toEqual(alone);
  });

  it('Deletes in a transaction, alone, and counted', async () => {
    const [a, b, c] = [note('a'), note('b'), note('c')];
    await writing((tx) => [a, b, c].forEach((n) => notes.save(tx, n)));
    await writing((tx) => notes.deleteIn(tx, a.id));
    await notes.delete(b.id);
    const ref = db.collection(COLLECTION).doc(c.id);
    expect(await deleteCounted(ref)).toBe(1);
    expect(await deleteCounted(ref)).toBe(0);
    for (const gone of [a, b, c]) expect(await notes.find(gone.id)).toBeNull();
  });
});
