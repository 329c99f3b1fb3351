import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { emulatorApi } from '../support/api-app.js';
import { createTestUser, type TestUser } from '../support/auth-users.js';
import { bearer } from '../support/sessions.js';
import { DEFAULT_LIMITS } from '../../functions/src/limits/limits-config.js';
import { libraryReview } from '../../functions/src/templates/library-review.js';

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
  hiddenUntilReviewed: boolean;
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

/** Publishing needs a description (libraryDescriptionMinVisible): suites that are not about it send this one. */
const DESCRIPTION = 'For the library suite';

async function publish(user: TestUser, templateId: string, extra: object = {}): Promise<Published> {
  const res = await post(user, '/published/publish', { templateId, description: DESCRIPTION, ...extra });
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
    expect(Object.keys(published).sort()).toEqual(['addCount', 'authorName', 'category', 'description', 'hiddenUntilReviewed', 'id', 'name', 'publishedAt', 'sections', 'templateId']);
    expect(published.hiddenUntilReviewed).toBe(false);
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

  it('An author with a title is shown with it, before their name (the first-run step asks both)', async () => {
    const titled = await createTestUser();
    await request(app).put('/api/v1/profile').set(bearer(titled)).send({ title: 'NP', displayName: 'Sam Okafor' }).expect(200);
    const template = await createTemplate(titled, `Titled ${uniqueWord()}`);
    expect((await publish(titled, template.id)).authorName).toBe('NP Sam Okafor');
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

  it('Pages with cursors, every entry exactly once (one-word and many-word searches); equal add counts newest first', async () => {
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
    // Nobody stands behind the add any more: it no longer counts (the count orders the library).
    expect((await post(reader, '/published/get', { publishedTemplateId: othersEntry.id }).expect(200)).body.template.addCount).toBe(0);
  });
});

describe('A library entry needs a description', () => {
  it('Empty, invisible or too short: 400 naming description; the template\'s own description counts when none is sent', async () => {
    const template = await createTemplate(author, `Described ${uniqueWord()}`);
    for (const description of [undefined, '', '   ', '\u200b\u200b\u2060\u00ad', 'Short one']) {
      const body = { templateId: template.id, ...(description === undefined ? {} : { description }) };
      const refused = (await post(author, '/published/publish', body).expect(400)).body.error;
      expect(refused).toMatchObject({ code: 'invalid_argument', field: 'description' });
      expect(refused.message).toMatch(/needs a description/);
    }
    expect((await post(author, '/get_template', { templateId: template.id }).expect(200)).body.template.published).toBe(false);

    const described = await createTemplate(author, `Described ${uniqueWord()}`, { description: 'Intake for adult CBT' });
    const published = (await post(author, '/published/publish', { templateId: described.id }).expect(200)).body.template as Published;
    expect(published.description).toBe('Intake for adult CBT');
  });
});

describe('POST /template/published/list: the most added first', () => {
  it('Orders by add count, then newest; pages keep that order and give every entry once', async () => {
    const word = uniqueWord();
    const entries: Published[] = [];
    for (const label of ['old', 'popular', 'liked', 'new']) entries.push(await publish(author, (await createTemplate(author, `Ranked ${word} ${label}`)).id));
    const [old, popular, liked, newest] = entries as [Published, Published, Published, Published];
    const adders = await Promise.all([createTestUser(), createTestUser()]);
    for (const user of adders) await post(user, '/published/add_to_library', { publishedTemplateId: popular.id }).expect(200);
    await post(reader, '/published/add_to_library', { publishedTemplateId: liked.id }).expect(200);

    const expected = [popular.id, liked.id, newest.id, old.id];
    const first = await search(third, { query: word });
    expect(first.templates.map((t) => t.id)).toEqual(expected);
    expect(first.templates.map((t) => t.addCount)).toEqual([2, 1, 0, 0]);
    for (const query of [word, `${word} ranked`]) {
      const seen: string[] = [];
      let cursor: string | null = null;
      for (let pages = 0; pages < 10; pages++) {
        const page = await search(third, { query, limit: 1, ...(cursor ? { cursor } : {}) });
        seen.push(...page.templates.map((t) => t.id));
        cursor = page.nextCursor;
        if (!cursor) break;
      }
      expect(seen).toEqual(expected);
    }
    // The whole library and a category follow the same order.
    for (const body of [{ limit: 100 }, { category: 'general', limit: 100 }]) {
      const all = (await search(third, body)).templates;
      for (let i = 1; i < all.length; i++) {
        const [a, b] = [all[i - 1]!, all[i]!];
        expect(a.addCount > b.addCount || (a.addCount === b.addCount && Date.parse(a.publishedAt) >= Date.parse(b.publishedAt))).toBe(true);
      }
    }
  });

  it('A cursor of the old newest-first order is refused with 400, not misread', async () => {
    const old = Buffer.from(JSON.stringify([Date.now(), 'someEntry'])).toString('base64url');
    expect((await post(reader, '/published/list', { cursor: old }).expect(400)).body.error.field).toBe('cursor');
  });
});

describe('POST /template/published/report', () => {
  const report = (user: TestUser, body: object) => post(user, '/published/report', body);

  async function entry(by: TestUser = author) {
    const word = uniqueWord();
    return { word, published: await publish(by, (await createTemplate(by, `Reported ${word}`)).id) };
  }

  it('Files one report per user: a retry or a second click answers the first report and counts nothing', async () => {
    const { published } = await entry();
    const first = (await report(reader, { publishedTemplateId: published.id, reason: 'spam', note: 'An advert for a clinic' }).expect(200)).body.report;
    expect(first).toMatchObject({ publishedTemplateId: published.id, reason: 'spam', note: 'An advert for a clinic' });
    expect(Object.keys(first).sort()).toEqual(['note', 'publishedTemplateId', 'reason', 'reportedAt']);
    const again = (await report(reader, { publishedTemplateId: published.id, reason: 'offensive' }).expect(200)).body.report;
    expect(again).toEqual(first);
    const stored = await db.collection('libraryReports').where('publishedTemplateId', '==', published.id).get();
    expect(stored.docs.map((d) => d.get('uid'))).toEqual([reader.uid]);
    expect((await db.collection('publishedTemplates').doc(published.id).get()).get('reportCount')).toBe(1);
  });

  it('Concurrent duplicate reports by one user: exactly one is stored and counted, every answer is that one', async () => {
    const { published } = await entry();
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => report(third, { publishedTemplateId: published.id, reason: i % 2 ? 'junk' : 'misleading' })));
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200));
    const reports = answers.map((r) => JSON.stringify(r.body.report));
    expect(new Set(reports).size).toBe(1);
    expect((await db.collection('libraryReports').where('publishedTemplateId', '==', published.id).get()).size).toBe(1);
    expect((await db.collection('publishedTemplates').doc(published.id).get()).get('reportCount')).toBe(1);
    expect((await search(reader, { query: (await post(reader, '/published/get', { publishedTemplateId: published.id }).expect(200)).body.template.name })).templates).toHaveLength(1);
  });

  it('Three different users (at once) hide it from everyone but its author until reviewed; two do not', async () => {
    const { word, published } = await entry();
    const reporters = await Promise.all([createTestUser(), createTestUser(), createTestUser(), createTestUser()]);
    const [r1, r2, r3, r4] = reporters;
    await report(r1, { publishedTemplateId: published.id, reason: 'patient-data' }).expect(200);
    await report(r2, { publishedTemplateId: published.id, reason: 'patient-data' }).expect(200);
    expect((await search(reader, { query: word })).templates.map((t) => t.id)).toEqual([published.id]);

    // The third report, raced by the first two again (retries), hides it once.
    await Promise.all([r3, r1, r2].map((user) => report(user, { publishedTemplateId: published.id, reason: 'other' }).expect(200)));
    const stored = (await db.collection('publishedTemplates').doc(published.id).get()).data();
    expect(stored).toMatchObject({ reportCount: 3, hiddenUntilReviewed: true });

    expect((await search(reader, { query: word })).templates).toEqual([]);
    expect((await search(reader, { limit: 100 })).templates.map((t) => t.id)).not.toContain(published.id);
    await post(reader, '/published/get', { publishedTemplateId: published.id }).expect(404);
    await post(reader, '/published/add_to_library', { publishedTemplateId: published.id }).expect(404);
    await report(r4, { publishedTemplateId: published.id, reason: 'spam' }).expect(404);
    // One who reported it and retries (a lost answer) still gets their report, first reason standing, not a
    // 404: the retry racing the hiding report above once answered 404 under CI's load.
    expect((await report(r1, { publishedTemplateId: published.id, reason: 'spam' }).expect(200)).body.report).toMatchObject({ reason: 'patient-data' });
    await post(reader, '/published/unpublish', { publishedTemplateId: published.id }).expect(404);

    // The author still finds it, and sees that it is hidden; publishing again does not lift it.
    const own = (await search(author, { query: word })).templates;
    expect(own.map((t) => [t.id, t.hiddenUntilReviewed])).toEqual([[published.id, true]]);
    expect((await post(author, '/published/get', { publishedTemplateId: published.id }).expect(200)).body.template.hiddenUntilReviewed).toBe(true);
    expect((await publish(author, published.templateId)).hiddenUntilReviewed).toBe(true);
    expect((await search(reader, { query: word })).templates).toEqual([]);

    // An operator keeps it: listed again, its reports cleared, so reports count afresh.
    expect(await libraryReview(db).keep(published.id)).toBe(true);
    expect((await search(reader, { query: word })).templates.map((t) => [t.id, t.hiddenUntilReviewed])).toEqual([[published.id, false]]);
    expect((await db.collection('libraryReports').where('publishedTemplateId', '==', published.id).get()).size).toBe(0);
    await report(r1, { publishedTemplateId: published.id, reason: 'spam' }).expect(200);
    expect((await search(reader, { query: word })).templates).toHaveLength(1);
  });

  it('An operator removing a hidden entry takes it out with its reports; the author\'s template stays, unpublished', async () => {
    const { published } = await entry();
    const reporters = await Promise.all([createTestUser(), createTestUser(), createTestUser()]);
    for (const user of reporters) await report(user, { publishedTemplateId: published.id, reason: 'patient-data' }).expect(200);
    const hidden = await libraryReview(db).hidden();
    const listed = hidden.find((h) => h.id === published.id);
    expect(listed?.reports.map((r) => r.reason)).toEqual(['patient-data', 'patient-data', 'patient-data']);
    expect(JSON.stringify(listed)).not.toMatch(new RegExp(reporters.map((u) => u.uid).join('|')));

    expect(await libraryReview(db).remove(published.id)).toBe(true);
    await post(author, '/published/get', { publishedTemplateId: published.id }).expect(404);
    expect((await db.collection('libraryReports').where('publishedTemplateId', '==', published.id).get()).size).toBe(0);
    expect((await post(author, '/get_template', { templateId: published.templateId }).expect(200)).body.template).toMatchObject({ published: false, publishedTemplateId: null });
  });

  it('Taking a hidden entry out is no way around the review: republished, or a copy of it published, it comes back hidden until an operator keeps it', async () => {
    const { word, published } = await entry();
    const reporters = await Promise.all([createTestUser(), createTestUser(), createTestUser()]);
    for (const user of reporters) await report(user, { publishedTemplateId: published.id, reason: 'patient-data' }).expect(200);
    const hiddenToReader = async () => (await search(reader, { query: word })).templates.length === 0;
    expect(await hiddenToReader()).toBe(true);

    // The author unpublishes it and publishes the template again: before, a clean, listed entry.
    await post(author, '/published/unpublish', { publishedTemplateId: published.id }).expect(200);
    const again = await publish(author, published.templateId);
    expect(again.hiddenUntilReviewed).toBe(true);
    expect(await hiddenToReader()).toBe(true);

    // A copy of the hidden entry (only its author can add one) is held too, and so is one through a share link.
    const copy = (await post(author, '/published/add_to_library', { publishedTemplateId: again.id }).expect(200)).body.template as { id: string };
    const copyEntry = await publish(author, copy.id);
    expect(copyEntry.hiddenUntilReviewed).toBe(true);
    const { shareId } = (await post(author, '/share_template', { templateId: published.templateId }).expect(200)).body as { shareId: string };
    const sharedCopy = (await post(author, '/published/add_to_library', { shareId }).expect(200)).body.template as { id: string };
    expect((await publish(author, sharedCopy.id)).hiddenUntilReviewed).toBe(true);

    // An operator's removal holds the template as well; keeping an entry lifts its template's hold.
    expect(await libraryReview(db).remove(copyEntry.id)).toBe(true);
    expect((await publish(author, copy.id)).hiddenUntilReviewed).toBe(true);
    expect(await libraryReview(db).keep(again.id)).toBe(true);
    expect(await hiddenToReader()).toBe(false);
    // A kept entry published again stays listed, even were its template still held.
    await db.collection('templates').doc(published.templateId).update({ libraryHold: true });
    expect((await publish(author, published.templateId)).hiddenUntilReviewed).toBe(false);
    await db.collection('templates').doc(published.templateId).update({ libraryHold: false });
    await post(author, '/published/unpublish', { publishedTemplateId: again.id }).expect(200);
    expect((await publish(author, published.templateId)).hiddenUntilReviewed).toBe(false);
    // Never in what the API answers about the template.
    expect(Object.keys((await post(author, '/get_template', { templateId: published.templateId }).expect(200)).body.template)).not.toContain('libraryHold');
  });

  it('Refusals: own entry 400, unknown entry 404, bad reason or note 400 naming the field', async () => {
    const { published } = await entry();
    const own = (await report(author, { publishedTemplateId: published.id, reason: 'spam' }).expect(400)).body.error;
    expect(own).toMatchObject({ code: 'invalid_argument', field: 'publishedTemplateId' });
    await report(reader, { publishedTemplateId: 'no-such-entry', reason: 'spam' }).expect(404);
    expect((await report(reader, { publishedTemplateId: published.id, reason: 'boring' }).expect(400)).body.error.field).toBe('reason');
    expect((await report(reader, { publishedTemplateId: published.id }).expect(400)).body.error.field).toBe('reason');
    expect((await report(reader, { reason: 'spam' }).expect(400)).body.error.field).toBe('publishedTemplateId');
    expect((await report(reader, { publishedTemplateId: published.id, reason: 'other', note: 'x'.repeat(501) }).expect(400)).body.error.field).toBe('note');
    expect((await report(reader, { publishedTemplateId: published.id, reason: 'other', extra: 1 }).expect(400)).body.error.field).toBe('extra');
    expect((await db.collection('libraryReports').where('publishedTemplateId', '==', published.id).get()).size).toBe(0);
  });

  it('Is rate-limited per user: past the limit, 429 with Retry-After', async () => {
    const tight = emulatorApi({ config: { limits: { ...DEFAULT_LIMITS, rates: { ...DEFAULT_LIMITS.rates, libraryReport: [{ limit: 2, windowSec: 3_600 }] } } } });
    const user = await createTestUser();
    const ids = await Promise.all([entry(), entry(), entry()]);
    for (const { published } of ids.slice(0, 2)) await request(tight.app).post('/api/v1/template/published/report').set(bearer(user)).send({ publishedTemplateId: published.id, reason: 'junk' }).expect(200);
    const refused = await request(tight.app).post('/api/v1/template/published/report').set(bearer(user)).send({ publishedTemplateId: ids[2].published.id, reason: 'junk' }).expect(429);
    expect(refused.body.error.code).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('A deleted account\'s reports go with it and stop counting; the hiding they caused stays until reviewed', async () => {
    const { published } = await entry();
    const [leaving, staying] = await Promise.all([createTestUser(), createTestUser()]);
    await report(leaving, { publishedTemplateId: published.id, reason: 'spam' }).expect(200);
    await report(staying, { publishedTemplateId: published.id, reason: 'spam' }).expect(200);
    await request(app).delete(`/api/v1/profile/${leaving.uid}`).set(bearer(leaving)).expect(200);
    expect((await db.collection('libraryReports').where('uid', '==', leaving.uid).get()).size).toBe(0);
    expect((await db.collection('publishedTemplates').doc(published.id).get()).get('reportCount')).toBe(1);
  });
});
