import { TEMPLATE_LIMITS } from '@charta/contract';
import { describe, expect, it } from 'vitest';
import {
  draftFromRouterState,
  editorFieldOf,
  editorReducer,
  initialEditorState,
  isDirty,
  moveItem,
  toDraft,
  unsavedReason,
  validateEditor,
  visibleEditorErrors,
  type EditorState,
} from './editor-state';

const draft = {
  name: 'Knee review',
  description: '',
  category: 'specialty' as const,
  sections: [
    { id: 'history', title: 'History', instructions: 'Onset.', format: 'paragraph' as const },
    { id: 'exam', title: 'Examination', instructions: '', format: 'bullets' as const },
    { id: 'plan', title: 'Plan', instructions: '', format: 'bullets' as const },
  ],
};

const titles = (state: EditorState) => state.sections.map((s) => s.title);

describe('editor state', () => {
  it('Loads a template clean, and knows when it changed', () => {
    let state = initialEditorState(draft);
    expect(isDirty(state)).toBe(false);
    state = editorReducer(state, { type: 'set', field: 'name', value: 'Knee review v2' });
    expect(isDirty(state)).toBe(true);
    state = editorReducer(state, { type: 'saved' });
    expect(isDirty(state)).toBe(false);
  });

  it('Adds, moves and removes sections; never below one or above thirty', () => {
    let state = initialEditorState(draft);
    state = editorReducer(state, { type: 'moveSection', from: 2, to: 0 });
    expect(titles(state)).toEqual(['Plan', 'History', 'Examination']);
    state = editorReducer(state, { type: 'addSection', afterIndex: 0 });
    expect(titles(state)).toEqual(['Plan', '', 'History', 'Examination']);
    state = editorReducer(state, { type: 'moveSection', from: 0, to: 9 });
    expect(titles(state)).toEqual(['Plan', '', 'History', 'Examination']);
    for (const s of state.sections.slice(1)) state = editorReducer(state, { type: 'removeSection', key: s.key });
    expect(titles(state)).toEqual(['Plan']);
    state = editorReducer(state, { type: 'removeSection', key: state.sections[0]!.key });
    expect(titles(state)).toEqual(['Plan']);
    for (let i = 0; i < 40; i++) state = editorReducer(state, { type: 'addSection' });
    expect(state.sections).toHaveLength(30);
  });

  it('Sends trimmed text in order, with the section ids it was given', () => {
    let state = initialEditorState(draft);
    state = editorReducer(state, { type: 'updateSection', key: state.sections[1]!.key, patch: { title: '  Exam  ', format: 'paragraph' } });
    state = editorReducer(state, { type: 'addSection' });
    state = editorReducer(state, { type: 'updateSection', key: state.sections[3]!.key, patch: { title: 'Follow-up' } });
    expect(toDraft(state).sections).toEqual([
      { id: 'history', title: 'History', instructions: 'Onset.', format: 'paragraph' },
      { id: 'exam', title: 'Exam', instructions: '', format: 'paragraph' },
      { id: 'plan', title: 'Plan', instructions: '', format: 'bullets' },
      { title: 'Follow-up', instructions: '', format: 'paragraph' },
    ]);
  });

  it('Checks the API rules as the user types', () => {
    let state = initialEditorState({ ...draft, name: ' ' });
    state = editorReducer(state, { type: 'updateSection', key: state.sections[2]!.key, patch: { title: ' history ' } });
    state = editorReducer(state, { type: 'updateSection', key: state.sections[1]!.key, patch: { instructions: 'x'.repeat(TEMPLATE_LIMITS.instructions + 1) } });
    const errors = validateEditor(state);
    expect(errors['name']).toMatch(/name/);
    expect(errors[`${state.sections[2]!.key}.title`]).toMatch(/unique/);
    expect(errors[`${state.sections[1]!.key}.instructions`]).toContain(String(TEMPLATE_LIMITS.instructions));
    expect(validateEditor(initialEditorState(draft))).toEqual({});
  });

  it('Finds the field the API named', () => {
    const state = initialEditorState(draft);
    expect(editorFieldOf('template.name', state)).toBe('name');
    expect(editorFieldOf('template.sections', state)).toBe('sections');
    expect(editorFieldOf('template.sections.1.title', state)).toBe(`${state.sections[1]!.key}.title`);
    expect(editorFieldOf('template.sections.2.instructions', state)).toBe(`${state.sections[2]!.key}.instructions`);
    expect(editorFieldOf('limit', state)).toBeNull();
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
  });
});

describe('what the editor shows and allows', () => {
  it('Keeps what is merely missing quiet until a first save, but shows limits at once and server errors always', () => {
    const blank = initialEditorState();
    const tooLong = editorReducer(blank, { type: 'set', field: 'description', value: 'x'.repeat(TEMPLATE_LIMITS.description + 1) });
    const errors = validateEditor(tooLong);
    expect(errors['name']).toBeDefined();

    const typing = visibleEditorErrors(errors, { showMissing: false, serverErrors: {} });
    expect(typing['name']).toBeUndefined();
    expect(typing['description']).toBe(errors['description']);

    expect(visibleEditorErrors(errors, { showMissing: true, serverErrors: {} })).toEqual(errors);
    expect(visibleEditorErrors({}, { showMissing: false, serverErrors: { name: 'Taken' } })).toEqual({ name: 'Taken' });
  });

  it('Shares and publishes only a saved template without unsaved changes', () => {
    expect(unsavedReason({ saved: true, dirty: false })).toBeUndefined();
    expect(unsavedReason({ saved: true, dirty: true })).toBe('Save the template first');
    expect(unsavedReason({ saved: false, dirty: false })).toBe('Save the template first');
  });

  it('Takes a draft from router state only when it has a name and sections, and repairs the rest', () => {
    expect(draftFromRouterState(null)).toBeUndefined();
    expect(draftFromRouterState({ draft: { name: 'No sections' } })).toBeUndefined();
    expect(draftFromRouterState({ draft: { name: 'Letter', category: 'not-a-category', sections: [{ title: 'Body', format: 'table' }] } })).toEqual({
      name: 'Letter',
      description: '',
      category: 'general',
      sections: [{ title: 'Body', instructions: '', format: 'paragraph' }],
    });
  });
});
