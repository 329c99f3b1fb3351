import { describe, expect, it } from 'vitest';
import { createSessionBody, updateTitleBody } from './session-requests.js';
import { upsertTemplateBody } from './templates.js';

const issueOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => result.error?.issues[0];

describe('Names people read: a patient, a session title, a template', () => {
  const invisible = ['\u200B\u200B', '\u200D', '\u2060\uFEFF', '\u3164', '\u00AD'];
  const withControl = ['Ana\u0000Ruiz', 'Ana\nRuiz', 'Ana\u001b[31mRuiz', '\u0000'];

  it.each(invisible)('Nothing one can see (%j) is refused, naming the field', (text) => {
    expect(issueOf(createSessionBody.safeParse({ patientName: text, templateId: 'soap' }))).toMatchObject({ path: ['patientName'], message: 'must have characters one can see' });
    expect(issueOf(updateTitleBody.safeParse({ sessionId: 's1', title: text }))).toMatchObject({ path: ['title'] });
  });

  it.each(withControl)('A control character (%j) is refused', (text) => {
    expect(issueOf(createSessionBody.safeParse({ patientName: text, templateId: 'soap' }))).toMatchObject({ path: ['patientName'] });
    expect(issueOf(updateTitleBody.safeParse({ sessionId: 's1', title: text }))).toMatchObject({ path: ['title'] });
    expect(issueOf(upsertTemplateBody.safeParse({ template: { name: text, sections: [{ title: 'Plan' }] } }))).toMatchObject({ path: ['template', 'name'] });
  });

  it.each(['María García', 'O\u2019Neil', 'Zoë Ło', '李小龍', 'Dr. A-B'])('A real name (%s) is kept as typed', (name) => {
    expect(createSessionBody.parse({ patientName: ` ${name} `, templateId: 'soap' }).patientName).toBe(name);
  });
});
