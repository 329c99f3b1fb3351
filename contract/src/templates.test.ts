import { describe, expect, it } from 'vitest';
import {
  categoryLabel,
  DEFAULT_CATEGORY,
  isTemplateCategory,
  libraryDescriptionProblem,
  libraryNameProblem,
  reportPublishedBody,
  repeatedTitleIndexes,
  TEMPLATE_CATEGORIES,
  TEMPLATE_LIMITS,
  templateInput,
  titleKey,
} from './templates.js';
import { visibleCharacterCount } from './fields.js';

const section = (title: string) => ({ title, instructions: '', format: 'paragraph' as const });

describe('template categories', () => {
  it('Labels every category, each differently, and shows an unknown one as it is', () => {
    const labels = TEMPLATE_CATEGORIES.map(categoryLabel);
    expect(new Set(labels).size).toBe(TEMPLATE_CATEGORIES.length);
    TEMPLATE_CATEGORIES.forEach((category, i) => expect(labels[i]).not.toBe(category));
    expect(categoryLabel('veterinary')).toBe('veterinary');
  });

  it('Defaults to one of its own categories', () => {
    expect(isTemplateCategory(DEFAULT_CATEGORY)).toBe(true);
    expect(isTemplateCategory('veterinary')).toBe(false);
  });
});

describe('template input', () => {
  it('Compares section titles without case, accents or spacing', () => {
    expect(titleKey(' Plan ')).toBe(titleKey('plan'));
    expect(titleKey('Évolution  clinique')).toBe(titleKey('evolution clinique'));
    expect(repeatedTitleIndexes([section('Plan'), section('History'), section(' plan'), section('HISTORY')])).toEqual([2, 3]);
  });

  it('Refuses a repeated title, naming the later section', () => {
    const result = templateInput.safeParse({ name: 'Visit', sections: [section('Plan'), section('Exam'), section('plan')] });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toContain('sections.2.title');
  });

  it('Holds names and sections to the limits, and fills in the defaults', () => {
    const ok = templateInput.parse({ name: 'n'.repeat(TEMPLATE_LIMITS.name), sections: [section('Plan')] });
    expect(ok.category).toBe(DEFAULT_CATEGORY);
    expect(templateInput.safeParse({ name: 'n'.repeat(TEMPLATE_LIMITS.name + 1), sections: [section('Plan')] }).success).toBe(false);
    const tooMany = Array.from({ length: TEMPLATE_LIMITS.sections + 1 }, (_, i) => section(`Section ${i}`));
    expect(templateInput.safeParse({ name: 'Visit', sections: tooMany }).success).toBe(false);
    expect(templateInput.safeParse({ name: 'Visit', sections: [] }).success).toBe(false);
  });
});

describe('names people can read', () => {
  it('counts only the characters a reader sees', () => {
    expect(visibleCharacterCount('SOAP')).toBe(4);
    expect(visibleCharacterCount(' \u200b\u200d\u00ad\u2060\ufeff\u202e\u3164 ')).toBe(0);
    expect(visibleCharacterCount('Évaluation')).toBe(10);
    expect(visibleCharacterCount('e\u0301')).toBe(1);
  });

  it('refuses a template name made only of invisible characters, naming the field', () => {
    const result = templateInput.safeParse({ name: '\u200b\u200b\u2060', sections: [section('Plan')] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['name']);
  });

  it('asks a library entry for a name of at least a few visible characters', () => {
    expect(libraryNameProblem('A')).toMatch(/at least 3 visible characters/);
    expect(libraryNameProblem('\u200bAB\u200b')).toMatch(/at least 3 visible characters/);
    expect(libraryNameProblem('SOAP')).toBeNull();
  });

  it('asks a library entry for a description of at least 10 visible characters', () => {
    expect(libraryDescriptionProblem('')).toMatch(/needs a description: who it is for/);
    expect(libraryDescriptionProblem('\u200b \u00ad\u2060')).toMatch(/needs a description: who it is for/);
    expect(libraryDescriptionProblem('Knee note')).toMatch(/at least 10 visible characters/);
    expect(libraryDescriptionProblem('Knee review')).toBeNull();
  });

  it('takes a report with one of the listed reasons and a short note, naming what it refuses', () => {
    expect(reportPublishedBody.safeParse({ publishedTemplateId: 'p1', reason: 'patient-data' }).success).toBe(true);
    expect(reportPublishedBody.safeParse({ publishedTemplateId: 'p1', reason: 'boring' }).error?.issues[0]?.path).toEqual(['reason']);
    expect(reportPublishedBody.safeParse({ publishedTemplateId: 'p1', reason: 'other', note: 'x'.repeat(TEMPLATE_LIMITS.reportNote + 1) }).error?.issues[0]?.path).toEqual(['note']);
  });
});
