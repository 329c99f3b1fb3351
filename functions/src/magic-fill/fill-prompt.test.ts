import { describe, expect, it } from 'vitest';
import { fillPrompt } from './fill-prompt.js';
import type { PageField } from './page-fields.js';

const fieldsBlock = (prompt: string) => JSON.parse(/<fields>\n(.*)\n<\/fields>/.exec(prompt)![1]!) as Record<string, unknown>[];

describe('fillPrompt', () => {
  it('tells the model each field’s unit and bounds, never its selector', () => {
    const fields: PageField[] = [
      { key: 'f1', selector: '#temp', label: 'Temperature (C)', kind: 'number', unit: 'degC', min: '30', max: '43', step: '0.1' },
      { key: 'f2', selector: '#next', label: 'Follow-up', kind: 'date', min: '2026-03-02' },
    ];
    const prompt = fillPrompt(fields, [{ title: 'Objective', content: 'Temperature 38.5' }], '2026-03-02');
    expect(fieldsBlock(prompt)).toEqual([
      { key: 'f1', label: 'Temperature (C)', type: 'number', unit: '°C', min: '30', max: '43', step: '0.1' },
      { key: 'f2', label: 'Follow-up', type: 'date', min: '2026-03-02' },
    ]);
    expect(prompt).not.toContain('#temp');
  });
});
