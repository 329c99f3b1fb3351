import { describe, expect, it } from 'vitest';
import { contentBlocks, noteToHtml, noteToPlainText, sectionToPlainText } from './note-format';

const note = [
  { title: 'Subjective', content: 'Dry cough for four days.\nLow fever the first two nights.' },
  { title: 'Plan', content: '- Rest & fluids\n- Paracetamol <1 g> as needed\n* Return if breathless' },
  { title: 'Assessment', content: 'Viral URTI.\n\nNot bacterial.' },
];

describe('note-format', () => {
  it('Plain text: titles on their own line, sections apart by a blank line, bullets kept', () => {
    expect(noteToPlainText(note)).toBe(
      'Subjective\nDry cough for four days.\nLow fever the first two nights.\n\n' +
        'Plan\n- Rest & fluids\n- Paracetamol <1 g> as needed\n* Return if breathless\n\n' +
        'Assessment\nViral URTI.\n\nNot bacterial.',
    );
  });

  it('HTML: <h3> titles, <ul> bullets, <p> paragraphs with <br> lines, everything escaped', () => {
    expect(noteToHtml(note)).toBe(
      '<h3>Subjective</h3><p>Dry cough for four days.<br>Low fever the first two nights.</p>' +
        '<h3>Plan</h3><ul><li>Rest &amp; fluids</li><li>Paracetamol &lt;1 g&gt; as needed</li><li>Return if breathless</li></ul>' +
        '<h3>Assessment</h3><p>Viral URTI.</p><p>Not bacterial.</p>',
    );
  });

  it('Numbered lines are an ordered list; a paragraph after a list starts anew', () => {
    expect(contentBlocks('Started:\n1. Ibuprofen\n2) Rest\nThen review.')).toEqual([
      { kind: 'paragraph', lines: ['Started:'] },
      { kind: 'numbered', items: ['Ibuprofen', 'Rest'] },
      { kind: 'paragraph', lines: ['Then review.'] },
    ]);
    expect(noteToHtml([{ title: 'A "title"', content: '1. one' }])).toBe('<h3>A &quot;title&quot;</h3><ol><li>one</li></ol>');
  });

  it('An empty section keeps its title', () => {
    expect(noteToHtml([{ title: 'Objective', content: '  ' }])).toBe('<h3>Objective</h3>');
    expect(noteToPlainText([{ title: 'Objective', content: '' }])).toBe('Objective\n');
  });

  it('One section copies as its text alone', () => {
    expect(sectionToPlainText('  - a\n- b \n')).toBe('- a\n- b');
  });
});
