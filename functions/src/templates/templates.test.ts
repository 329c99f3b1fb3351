import { describe, expect, it } from 'vitest';
import { parseInput } from '../http/validate.js';
import type { ApiError } from '../http/errors.js';
import { BUILTIN_TEMPLATE_IDS, builtinTemplates } from './builtin-templates.js';
import { SAMPLE_TRANSCRIPT, transcriptFromText } from './sample-transcript.js';
import { upsertTemplateBody } from '@charta/contract';
import { slugify, TEMPLATE_LIMITS, titleKey, withSectionIds } from './template.js';

function fieldOf(body: unknown): string | undefined {
  try {
    parseInput(upsertTemplateBody, body);
  } catch (err) {
    return (err as ApiError).field;
  }
  return undefined;
}

const section = (title: string) => ({ title, instructions: 'Write it.', format: 'paragraph' });

describe('Built-in templates', () => {
  it('Keep the ids sessions already use', () => {
    expect(BUILTIN_TEMPLATE_IDS).toEqual(['soap', 'history-and-physical', 'progress-note', 'dap', 'birp', 'referral-letter', 'patient-summary', 'discharge-summary']);
  });

  it('Each passes the validation users get, with instructions that say what to do when nothing was said', () => {
    for (const t of builtinTemplates()) {
      expect(() => parseInput(upsertTemplateBody, { template: { name: t.name, description: t.description, category: t.category, sections: t.sections } })).not.toThrow();
      for (const s of t.sections) {
        expect(s.instructions.length).toBeGreaterThan(80);
        expect(s.instructions.length).toBeLessThanOrEqual(TEMPLATE_LIMITS.instructions);
        expect(s.instructions).toMatch(/not (discussed|stated|cover|asked|assessed|mentioned|recorded|reviewed)|no (examination|plan|procedures|results)|gave no|If none|If nothing/i);
      }
    }
  });
});

describe('Template validation names the field of every violation', () => {
  it.each([
    [{ template: { sections: [section('A')] } }, 'template.name'],
    [{ template: { name: '  ', sections: [section('A')] } }, 'template.name'],
    [{ template: { name: 'x'.repeat(121), sections: [section('A')] } }, 'template.name'],
    [{ template: { name: 'N', sections: [] } }, 'template.sections'],
    [{ template: { name: 'N', sections: Array.from({ length: 31 }, (_, i) => section(`S${i}`)) } }, 'template.sections'],
    [{ template: { name: 'N', sections: [section('A'), section('B'), section(' a ')] } }, 'template.sections.2.title'],
    [{ template: { name: 'N', sections: [section('A'), { ...section('B'), instructions: 'x'.repeat(2001) }] } }, 'template.sections.1.instructions'],
    [{ template: { name: 'N', sections: [{ ...section('A'), format: 'table' }] } }, 'template.sections.0.format'],
    [{ template: { name: 'N', sections: [section('')] } }, 'template.sections.0.title'],
    [{ template: { name: 'N', category: 'astrology', sections: [section('A')] } }, 'template.category'],
    [{ template: { name: 'N', sections: [{ ...section('A'), id: 'Bad Id' }] } }, 'template.sections.0.id'],
    [{ template: { name: 'N', sections: [section('A')], color: 'blue' } }, 'template.color'],
  ])('%j -> %s', (body, field) => {
    expect(fieldOf(body)).toBe(field);
  });

  it('Accepts 1 and 30 sections, and a 120-character name', () => {
    expect(fieldOf({ template: { name: 'x'.repeat(120), sections: [section('A')] } })).toBeUndefined();
    expect(fieldOf({ template: { name: 'N', sections: Array.from({ length: 30 }, (_, i) => section(`S${i}`)) } })).toBeUndefined();
  });
});

describe('Section ids', () => {
  it('Come from titles, stay when given, and never repeat', () => {
    expect(slugify('Chief complaint & HPI')).toBe('chief-complaint-hpi');
    expect(slugify('Évaluation')).toBe('evaluation');
    expect(slugify('???')).toBe('section');
    const ids = withSectionIds([
      { id: 'plan', title: 'Plan', instructions: '', format: 'bullets' },
      { title: 'Plan B', instructions: '', format: 'bullets' },
      { title: 'Plan', instructions: '', format: 'bullets' },
    ]).map((s) => s.id);
    expect(ids).toEqual(['plan', 'plan-b', 'plan-2']);
    expect(titleKey('  Évaluation   finale ')).toBe('evaluation finale');
  });
});

describe('Transcripts for previews', () => {
  it('The sample is in order, with unique ids', () => {
    expect(new Set(SAMPLE_TRANSCRIPT.map((s) => s.id)).size).toBe(SAMPLE_TRANSCRIPT.length);
    for (let i = 1; i < SAMPLE_TRANSCRIPT.length; i++) expect(SAMPLE_TRANSCRIPT[i]!.startMs).toBeGreaterThan(SAMPLE_TRANSCRIPT[i - 1]!.endMs);
  });

  it('A pasted transcript: one segment per line, speakers recognised', () => {
    const segments = transcriptFromText('Doctor: How are you?\n\nPatient:  Not great.\nDr Lee: Tell me more.\nsomething unlabelled');
    expect(segments.map((s) => [s.id, s.speaker, s.text])).toEqual([
      ['seg-1', 'clinician', 'How are you?'],
      ['seg-2', 'patient', 'Not great.'],
      ['seg-3', 'clinician', 'Tell me more.'],
      ['seg-4', 'speaker', 'something unlabelled'],
    ]);
  });
});
