import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { emulatorApi } from '../support/api-app.js';
import { createTestUser, type TestUser } from '../support/auth-users.js';
import { bearer } from '../support/sessions.js';

const { app, db } = emulatorApi();
const post = (user: TestUser, path: string, body: unknown) => request(app).post(`/api/v1/template${path}`).set(bearer(user)).send(body as object);

interface Published {
  id: string;
  templateId: string;
  name: string;
  description: string;
  category: string;
  sections: { id: string; title: string; instructions: string; format: string }[];
  authorName: string;
  addCount: number;
  publishedAt: string;
}

/** A word no other test (or earlier run) uses, so library searches see only this test's entries. */
const uniqueWord = () => `zq${randomUUID().replace(/-/g, '').slice(0, 10)}`;

const sections = [
  { title: 'Presenting problem', instructions: 'What the client brings today, in their words.', format: 'paragraph' },
  { title: 'Plan', instructions: 'Homework and next session.', format: 'bullets' },
];

async function createTemplate(user: TestUser, name: string, extra: object = {}) {
  const res = await post(user, '/upsert_template', { template: { name, sections, ...extra } });
  if (res.status !== 200) throw new Error(`upsert_template failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.template as { id: string; name: string; sections: typeof sections; published: boolean; publishedTemplateId: string | null };
}

async function publish(user: TestUser, templateId: string, extra: object = {}): Promise<Published> {
  const res = await post(user, '/published/publish', { templateId, ...extra });
  if (res.status !== 200) throw new Error(`publish failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.template as Published;
}

async function search(user: TestUser, body: object) {
  const res = await post(user, '/published/list', body).expect(200);
  return res.body as { templates: Published[]; nextCursor: string | null };
}

let author: TestUser;
let reader: TestUser;
let third: TestUser;
beforeAll(async () => {
  [author, reader, third] = await Promise.all([createTestUser({ displayName: 'Dr Ana Patiño' }), createTestUser(), createTestUser()]);
});

describe('Publishing, adding and unpublishing', () => {
  it('Publish → visible to another user → add → their own copy → unpublish → gone, the copy stays', async () => {
    const word = uniqueWord();
    const template = await createTemplate(author, `Anxiety follow-up ${word}`);
    const published = await publish(author, template.id, { description: 'For CBT sessions', category: 'mental-health' });
    expect(published).toMatchObject({
      templateId: template.id,
      name: `Anxiety follow-up ${word}`,
      description: 'For CBT sessions',
      category: 'mental-health',
      authorName: 'Dr Ana Patiño',
      addCount: 0,
    });
    expect(Object.keys(published).sort()).toEqual(['addCount', 'authorName', 'category', 'description', 'id', 'name', 'publishedAt', 'sections', 'templateId']);
    expect(JSON.stringify(published)).not.toContain(author.email);
    expect(published.sections.map((s) => s.title)).toEqual(['Presenting problem', 'Plan']);
    const mine = (await post(author, '/get_template', { templateId: template.id }).expect(200)).body.template;
    expect(mine).toMatchObject({ published: true, publishedTemplateId: published.id, description: 'For CBT sessions', category: 'mental-health' });

    // Another user finds it and sees the same entry.
    const found = await search(reader, { query: word });
    expect(found.templates).toEqual([published]);
    expect((await post(reader, '/published/get', { publishedTemplateId: published.id }).expect(200)).body.template).toEqual(published);

    // Adding gives them their own copy, which they can edit; the author's template is untouched.
    const added = await post(reader, '/published/add_to_library', { publishedTemplateId: published.id }).expect(200);
    const copy = added.body.template;
    expect(copy).toMatchObject({ name: published.name, source: 'library', published: false, publishedTemplateId: null, category: 'mental-health', sections: published.sections });
    expect(copy.id).not.toBe(template.id);
    const listed = (await post(reader, '/get_templates', {}).expect(200)).body.templates;
    expect(listed[0].id).toBe(copy.id);
    await post(reader, '/upsert_template', { template: { id: copy.id, name: 'My version', sections: [{ title: 'Only this' }] } }).expect(200);
    expect((await post(author, '/get_template', { templateId: template.id }).expect(200)).body.template.sections).toHaveLength(2);

    // Counted once per user: a second add by the same user is not counted; the author's own is not either.
    await post(reader, '/published/add_to_library', { publishedTemplateId: published.id }).expect(200);
    await post(author, '/published/add_to_library', { publishedTemplateId: published.id }).expect(200);
    await post(third, '/published/add_to_library', { publishedTemplateId: published.id }).expect(200);
    expect((await post(reader, '/published/get', { publishedTemplateId: published.id }).expect(200)).body.template.addCount).toBe(2);

    // Only the author unpublishes.
    expect((await post(reader, '/published/unpublish', { publishedTemplateId: published.id }).expect(403)).body.error.code).toBe('permission_denied');
    expect((await post(author, '/published/unpublish', { publishedTemplateId: published.id }).expect(200)).body).toEqual({ unpublished: true });
    expect((await search(reader, { query: word })).templates).toEqual([]);
    await post(reader, '/published/get', { publishedTemplateId: published.id }).expect(404);
    await post(third, '/published/add_to_library', { publishedTemplateId: published.id }).expect(404);
    await post(author, '/published/unpublish', { publishedTemplateId: published.id }).expect(404);
    expect((await post(author, '/get_template', { templateId: template.id }).expect(200)).body.template).toMatchObject({ published: false, publishedTemplateId: null });
    expect((await post(reader, '/get_template', { templateId: copy.id }).expect(200)).body.template.name).toBe('My version');
    expect((await db.collection('publishedTemplates').doc(published.id).collection('adders').get()).size).toBe(0);
  });

  it('The library keeps the snapshot: edits reach it only when published again (same entry, count kept)', async () => {
    const word = uniqueWord();
    const template = await createTemplate(author, `Snapshot ${word}`);
    const first = await publish(author, template.id);
    await post(reader, '/published/add_to_library', { publishedTemplateId: first.id }).expect(200);
    await post(author, '/upsert_template', { template: { id: template.id, name: `Snapshot ${word} edited`, sections: [{ title: 'New section' }] } }).expect(200);
    const unchanged = (await post(reader, '/published/get', { publishedTemplateId: first.id }).expect(200)).body.template as Published;
    expect(unchanged.name).toBe(`Snapshot ${word}`);
    expect(unchanged.sections.map((s) => s.title)).toEqual(['Presenting problem', 'Plan']);
    const edited = (await post(author, '/get_template', { templateId: template.id }).expect(200)).body.template;
    expect(edited).toMatchObject({ published: true, publishedTemplateId: first.id });

    const again = await publish(author, template.id);
    expect(again.id).toBe(first.id);
    expect(again).toMatchObject({ name: `Snapshot ${word} edited`, addCount: 1 });
    expect(again.sections.map((s) => s.title)).toEqual(['New section']);
    expect(Date.parse(again.publishedAt)).toBeGreaterThanOrEqual(Date.parse(first.publishedAt));
    expect((await search(reader, { query: word })).templates.map((t) => t.id)).toEqual([first.id]);
  });

  it('Deleting a published template takes it out of the library; copies stay', async () => {
    const word = uniqueWord();
    const template = await createTemplate(author, `Short-lived ${word}`);
    const published = await publish(author, template.id);
    const copy = (await post(reader, '/published/add_to_library', { publishedTemplateId: published.id }).expect(200)).body.template;
    await post(author, '/delete_template', { templateId: template.id }).expect(200);
    expect((await search(reader, { query: word })).templates).toEqual([]);
    await post(reader, '/published/get', { publishedTemplateId: published.id }).expect(404);
    await post(reader, '/get_template', { templateId: copy.id }).expect(200);
  });

  it('An author without a display name is shown anonymously, never by email', async () => {
    const anonymous = await createTestUser();
    const template = await createTemplate(anonymous, `Anonymous ${uniqueWord()}`);
    const published = await publish(anonymous, template.id);
    expect(published.authorName).toBe('A Charta clinician');
  });

  it('Publish refusals: built-in 403, someone else\'s 404, bad input names the field', async () => {
    expect((await post(author, '/published/publish', { templateId: 'soap' }).expect(403)).body.error.code).toBe('permission_denied');
    const theirs = await createTemplate(reader, `Theirs ${uniqueWord()}`);
    await post(author, '/published/publish', { templateId: theirs.id }).expect(404);
    const mine = await createTemplate(author, `Mine ${uniqueWord()}`);
    expect((await post(author, '/published/publish', {}).expect(400)).body.error.field).toBe('templateId');
    // Junk names stay out of the library: one letter, or letters padded with invisible characters.
    for (const name of ['A', '\u200bQ\u200b\u2060\u00ad']) {
      const junk = await createTemplate(author, name);
      const refused = (await post(author, '/published/publish', { templateId: junk.id }).expect(400)).body.error;
      expect(refused).toMatchObject({ code: 'invalid_argument', field: 'templateId' });
      expect(refused.message).toMatch(/at least 3 visible characters/);
    }
    // Invisible characters alone are no name at all, for any template.
    expect((await post(author, '/upsert_template', { template: { name: '\u200b\u200b\u2060', sections } }).expect(400)).body.error.field).toBe('template.name');
    expect((await post(author, '/published/publish', { templateId: mine.id, category: 'astrology' }).expect(400)).body.error.field).toBe('category');
    expect((await post(author, '/published/publish', { templateId: mine.id, description: 'x'.repeat(501) }).expect(400)).body.error.field).toBe('description');
    expect((await post(author, '/published/unpublish', {}).expect(400)).body.error.field).toBe('publishedTemplateId');
    await post(author, '/published/unpublish', { publishedTemplateId: 'no-such-entry' }).expect(404);
  });

  it('get and add_to_library: exactly one of publishedTemplateId and shareId', async () => {
    expect((await post(reader, '/published/get', {}).expect(400)).body.error.field).toBe('publishedTemplateId');
    expect((await post(reader, '/published/get', { publishedTemplateId: 'a', shareId: 'b' }).expect(400)).body.error.field).toBe('shareId');
    expect((await post(reader, '/published/add_to_library', {}).expect(400)).body.error.field).toBe('publishedTemplateId');
    await post(reader, '/published/get', { publishedTemplateId: 'no-such-entry' }).expect(404);
    await post(reader, '/published/add_to_library', { publishedTemplateId: 'no-such-entry' }).expect(404);
  });
});

describe('POST /template/published/list', () => {
  it('Searches by the start of any word of the name, ignoring case and accents; every word must match', async () => {
    const word = uniqueWord();
    const a = await publish(author, (await createTemplate(author, `Évaluation psychiatrique ${word}`)).id);
    const b = await publish(author, (await createTemplate(author, `Psychotherapy intake ${word}`)).id);
    await publish(author, (await createTemplate(author, `Knee clinic ${word}`)).id);
    expect((await search(reader, { query: `${word} EVAL` })).templates.map((t) => t.id)).toEqual([a.id]);
    expect((await search(reader, { query: `psych ${word}` })).templates.map((t) => t.id)).toEqual([b.id, a.id]);
    expect((await search(reader, { query: `${word} psychiatrique` })).templates.map((t) => t.id)).toEqual([a.id]);
    expect((await search(reader, { query: `${word} xyz` })).templates).toEqual([]);
    expect((await search(reader, { query: '!!!' })).templates).toEqual([]);
  });

  it('Filters by category', async () => {
    const word = uniqueWord();
    const letter = await publish(author, (await createTemplate(author, `Letter ${word}`)).id, { category: 'letters' });
    await publish(author, (await createTemplate(author, `Note ${word}`)).id, { category: 'primary-care' });
    expect((await search(reader, { query: word, category: 'letters' })).templates.map((t) => t.id)).toEqual([letter.id]);
    const letters = await search(reader, { category: 'letters', limit: 100 });
    expect(letters.templates.every((t) => t.category === 'letters')).toBe(true);
    expect(letters.templates.map((t) => t.id)).toContain(letter.id);
  });

  it('Pages with cursors, newest first, every entry exactly once (one-word and many-word searches)', async () => {
    const word = uniqueWord();
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push((await publish(author, (await createTemplate(author, `Paged ${word} number${i}`)).id)).id);
    for (const query of [word, `${word} paged`]) {
      const seen: Published[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page = await search(reader, { query, limit: 3, ...(cursor ? { cursor } : {}) });
        expect(page.templates.length).toBeLessThanOrEqual(3);
        seen.push(...page.templates);
        cursor = page.nextCursor;
        pages++;
      } while (cursor && pages < 10);
      expect(pages).toBe(3);
      expect(seen.map((t) => t.id).sort()).toEqual([...ids].sort());
      expect(new Set(seen.map((t) => t.id)).size).toBe(7);
      for (let i = 1; i < seen.length; i++) expect(Date.parse(seen[i - 1]!.publishedAt)).toBeGreaterThanOrEqual(Date.parse(seen[i]!.publishedAt));
    }
  });

  it('Bad list input names the field', async () => {
    expect((await post(reader, '/published/list', { limit: 0 }).expect(400)).body.error.field).toBe('limit');
    expect((await post(reader, '/published/list', { limit: 101 }).expect(400)).body.error.field).toBe('limit');
    expect((await post(reader, '/published/list', { category: 'astrology' }).expect(400)).body.error.field).toBe('category');
    expect((await post(reader, '/published/list', { cursor: 'garbage' }).expect(400)).body.error.field).toBe('cursor');
    expect((await post(reader, '/published/list', { query: 'x'.repeat(201) }).expect(400)).body.error.field).toBe('query');
    const all = await search(reader, {});
    expect(all.templates.length).toBeLessThanOrEqual(20);
  });
});

describe('Share links', () => {
  it('Round trip: link → preview by another user → their copy; the link follows edits; deleting revokes it', async () => {
    const template = await createTemplate(author, 'Group therapy note');
    const shared = await post(author, '/share_template', { templateId: template.id }).expect(200);
    const { shareId, url } = shared.body as { shareId: string; url: string };
    expect(url).toMatch(new RegExp(`^http://[^/]+/templates/shared/${shareId}$`));
    expect((await post(author, '/share_template', { templateId: template.id }).expect(200)).body.shareId).toBe(shareId);

    const preview = (await post(reader, '/published/get', { shareId }).expect(200)).body.template as Published;
    expect(preview).toMatchObject({ id: shareId, templateId: template.id, name: 'Group therapy note', authorName: 'Dr Ana Patiño', addCount: 0 });
    expect(preview.sections.map((s) => s.title)).toEqual(['Presenting problem', 'Plan']);

    const copy = (await post(reader, '/published/add_to_library', { shareId }).expect(200)).body.template;
    expect(copy).toMatchObject({ name: 'Group therapy note', source: 'shared', published: false });
    await post(reader, '/published/add_to_library', { shareId }).expect(200);
    expect((await post(third, '/published/get', { shareId }).expect(200)).body.template.addCount).toBe(1);

    await post(author, '/upsert_template', { template: { id: template.id, name: 'Group therapy note v2', sections } }).expect(200);
    expect((await post(third, '/published/get', { shareId }).expect(200)).body.template.name).toBe('Group therapy note v2');

    await post(author, '/delete_template', { templateId: template.id }).expect(200);
    await post(third, '/published/get', { shareId }).expect(404);
    await post(third, '/published/add_to_library', { shareId }).expect(404);
    await post(reader, '/get_template', { templateId: copy.id }).expect(200);
  });

  it('Built-ins are not shared (403); someone else\'s template: 404', async () => {
    expect((await post(author, '/share_template', { templateId: 'soap' }).expect(403)).body.error.code).toBe('permission_denied');
    const theirs = await createTemplate(reader, 'Not the author\'s');
    await post(author, '/share_template', { templateId: theirs.id }).expect(404);
    expect((await post(author, '/share_template', {}).expect(400)).body.error.field).toBe('templateId');
    await post(reader, '/published/get', { shareId: 'no-such-share' }).expect(404);
  });
});

describe('Limits and account deletion', () => {
  it('A user keeps at most 200 templates: creating or adding one more is refused (403)', async () => {
    const user = await createTestUser();
    const batch = db.batch();
    const now = new Date();
    for (let i = 0; i < 200; i++) {
      const ref = db.collection('templates').doc();
      batch.set(ref, { id: ref.id, ownerUid: user.uid, name: `T${i}`, description: '', category: 'general', source: 'own', published: false, publishedTemplateId: null, shareId: null, origin: null, sections, createdAt: now, updatedAt: now });
    }
    await batch.commit();
    expect((await post(user, '/upsert_template', { template: { name: 'One too many', sections } }).expect(403)).body.error.code).toBe('permission_denied');
    const published = await publish(author, (await createTemplate(author, `Popular ${uniqueWord()}`)).id);
    await post(user, '/published/add_to_library', { publishedTemplateId: published.id }).expect(403);
  });

  it('Removes the user\'s templates, share links, library entries and add markers; others\' copies stay', async () => {
    const leaving = await createTestUser({ displayName: 'Dr Leaving' });
    const word = uniqueWord();
    const template = await createTemplate(leaving, `Leaving ${word}`);
    await createTemplate(leaving, 'Private draft');
    const published = await publish(leaving, template.id);
    const { shareId } = (await post(leaving, '/share_template', { templateId: template.id }).expect(200)).body as { shareId: string };
    const copy = (await post(reader, '/published/add_to_library', { publishedTemplateId: published.id }).expect(200)).body.template;
    const othersEntry = await publish(author, (await createTemplate(author, `Kept ${word}`)).id);
    await post(leaving, '/published/add_to_library', { publishedTemplateId: othersEntry.id }).expect(200);

    await request(app).delete(`/api/v1/profile/${leaving.uid}`).set(bearer(leaving)).expect(200);

    expect((await db.collection('templates').where('ownerUid', '==', leaving.uid).get()).size).toBe(0);
    expect((await db.collection('publishedTemplates').where('authorUid', '==', leaving.uid).get()).size).toBe(0);
    expect((await db.collection('templateShares').where('ownerUid', '==', leaving.uid).get()).size).toBe(0);
    expect((await db.collectionGroup('adders').where('uid', '==', leaving.uid).get()).size).toBe(0);
    expect((await search(reader, { query: word })).templates.map((t) => t.id)).toEqual([othersEntry.id]);
    await post(reader, '/published/get', { shareId }).expect(404);
    await post(reader, '/get_template', { templateId: copy.id }).expect(200);
    // The add was counted and stays counted: it happened.
    expect((await post(reader, '/published/get', { publishedTemplateId: othersEntry.id }).expect(200)).body.template.addCount).toBe(1);
  });
});
