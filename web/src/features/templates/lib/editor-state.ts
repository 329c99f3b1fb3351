// The template editor's state: a pure reducer (easy to test) over the name, description, category and the
// ordered sections. Each section has a local `key` for React and drag-and-drop; `id` is the API's and is
// kept across edits so documentation written with the template can still name its sections.
import { repeatedTitleIndexes, TEMPLATE_LIMITS, templateInput, type SectionFormat } from '@charta/contract';
import { DEFAULT_CATEGORY, isTemplateCategory, type TemplateCategory } from '../api/categories';
import type { TemplateDraft } from '../api/templates';

export interface EditorSection {
  key: string;
  id?: string;
  title: string;
  instructions: string;
  format: SectionFormat;
}

export interface EditorState {
  name: string;
  description: string;
  category: TemplateCategory;
  sections: EditorSection[];
  /** Bumped on every change: the preview and the "unsaved changes" flag follow it. */
  revision: number;
  savedRevision: number;
}

export type EditorAction =
  | { type: 'load'; draft: Omit<TemplateDraft, 'id'> }
  | { type: 'set'; field: 'name' | 'description'; value: string }
  | { type: 'setCategory'; value: TemplateCategory }
  | { type: 'addSection'; afterIndex?: number }
  | { type: 'removeSection'; key: string }
  | { type: 'moveSection'; from: number; to: number }
  | { type: 'updateSection'; key: string; patch: Partial<Pick<EditorSection, 'title' | 'instructions' | 'format'>> }
  | { type: 'saved' };

let nextKey = 0;
const newKey = () => `section-${++nextKey}`;

export function emptySection(): EditorSection {
  return { key: newKey(), title: '', instructions: '', format: 'paragraph' };
}

export function initialEditorState(draft?: Omit<TemplateDraft, 'id'>): EditorState {
  return {
    name: draft?.name ?? '',
    description: draft?.description ?? '',
    category: draft?.category ?? DEFAULT_CATEGORY,
    sections: draft ? draft.sections.map((s) => ({ key: newKey(), ...s })) : [emptySection()],
    revision: 0,
    savedRevision: 0,
  };
}

export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  if (moved === undefined) return next;
  next.splice(Math.max(0, Math.min(to, next.length)), 0, moved);
  return next;
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  const changed = (next: Omit<EditorState, 'revision' | 'savedRevision'>): EditorState => ({ ...next, revision: state.revision + 1, savedRevision: state.savedRevision });
  switch (action.type) {
    case 'load':
      return { ...initialEditorState(action.draft), revision: state.revision + 1, savedRevision: state.revision + 1 };
    case 'set':
      return changed({ ...state, [action.field]: action.value });
    case 'setCategory':
      return changed({ ...state, category: action.value });
    case 'addSection': {
      if (state.sections.length >= TEMPLATE_LIMITS.sections) return state;
      const at = action.afterIndex === undefined ? state.sections.length : action.afterIndex + 1;
      const sections = [...state.sections];
      sections.splice(at, 0, emptySection());
      return changed({ ...state, sections });
    }
    case 'removeSection':
      if (state.sections.length <= 1) return state;
      return changed({ ...state, sections: state.sections.filter((s) => s.key !== action.key) });
    case 'moveSection':
      if (action.from === action.to || action.to < 0 || action.to >= state.sections.length) return state;
      return changed({ ...state, sections: moveItem(state.sections, action.from, action.to) });
    case 'updateSection':
      return changed({ ...state, sections: state.sections.map((s) => (s.key === action.key ? { ...s, ...action.patch } : s)) });
    case 'saved':
      return { ...state, savedRevision: state.revision };
  }
}

export function isDirty(state: EditorState): boolean {
  return state.revision !== state.savedRevision;
}

/** What the API gets: trimmed text, sections in order, ids kept. */
export function toDraft(state: EditorState): Omit<TemplateDraft, 'id'> {
  return {
    name: state.name.trim(),
    description: state.description.trim(),
    category: state.category,
    sections: state.sections.map((s) => ({ ...(s.id ? { id: s.id } : {}), title: s.title.trim(), instructions: s.instructions.trim(), format: s.format })),
  };
}

/** Problems keyed by field: "name", "description", "sections", or "<section key>.title" / ".instructions". */
export type EditorErrors = Partial<Record<string, string>>;

type TemplateIssue = NonNullable<ReturnType<typeof templateInput.safeParse>['error']>['issues'][number];

/** What is still missing from a template being written: said only once the user tries to save. */
const MISSING = {
  name: 'Give the template a name.',
  sectionTitle: 'Give the section a title.',
  sections: 'Add at least one section.',
} as const;
const MISSING_MESSAGES: ReadonlySet<string> = new Set(Object.values(MISSING));

/** The API's message for a rule, in the editor's words. */
function editorMessage(issue: TemplateIssue, field: string): string {
  const isTitle = field.endsWith('.title');
  if (issue.code === 'too_small') {
    if (field === 'name') return MISSING.name;
    if (isTitle) return MISSING.sectionTitle;
    if (field === 'sections') return MISSING.sections;
  }
  if (issue.code === 'too_big') return `At most ${String(issue.maximum)} ${issue.origin === 'array' ? 'sections' : 'characters'}.`;
  return issue.message.charAt(0).toUpperCase() + issue.message.slice(1);
}

const REPEATED_TITLE = 'Another section has this title; titles must be unique.';

/**
 * The API's own rules (the contract's template schema), checked as the user types so most mistakes never
 * need a round trip. One message per field, the first rule it breaks.
 */
export function validateEditor(state: EditorState): EditorErrors {
  const errors: EditorErrors = {};
  const result = templateInput.safeParse(toDraft(state));
  for (const issue of result.error?.issues ?? []) {
    const field = editorFieldOf(['template', ...issue.path.map(String)].join('.'), state) ?? 'sections';
    errors[field] ??= issue.code === 'custom' && field.endsWith('.title') ? REPEATED_TITLE : editorMessage(issue, field);
  }
  // The schema checks uniqueness only once every field is valid; the editor says it at once.
  for (const i of repeatedTitleIndexes(toDraft(state).sections)) {
    const section = state.sections[i];
    if (section) errors[`${section.key}.title`] ??= REPEATED_TITLE;
  }
  return errors;
}

/** The API names a field like "template.sections.2.title"; this finds it in the editor's terms. */
export function editorFieldOf(apiField: string | undefined, state: EditorState): string | null {
  if (!apiField) return null;
  const match = /^template\.(?:(name|description|category)|sections(?:\.(\d+)\.(title|instructions|format|id))?)$/.exec(apiField);
  if (!match) return null;
  if (match[1]) return match[1];
  if (match[2] === undefined) return 'sections';
  const section = state.sections[Number(match[2])];
  return section ? `${section.key}.${match[3] === 'instructions' ? 'instructions' : 'title'}` : 'sections';
}

/**
 * The errors to show now. Limits and repeated titles show as the user types; what is merely missing (a
 * name, a section title, any section) waits for a first attempt to save, so an empty form is not a wall
 * of red. What the API refused on the last save always shows.
 */
export function visibleEditorErrors(errors: EditorErrors, options: { showMissing: boolean; serverErrors: EditorErrors }): EditorErrors {
  const shown = options.showMissing ? errors : Object.fromEntries(Object.entries(errors).filter(([, message]) => message !== undefined && !MISSING_MESSAGES.has(message)));
  return { ...shown, ...options.serverErrors };
}

/** Why sharing or publishing is not possible yet, or undefined when it is: both act on the saved template. */
export function unsavedReason(options: { saved: boolean; dirty: boolean }): string | undefined {
  return options.saved && !options.dirty ? undefined : 'Save the template first';
}

/** A draft handed over in router state (by "Create from an example note"), checked before use. */
export function draftFromRouterState(state: unknown): Omit<TemplateDraft, 'id'> | undefined {
  const draft = (state as { draft?: Partial<TemplateDraft> } | null)?.draft;
  if (!draft || typeof draft.name !== 'string' || !Array.isArray(draft.sections)) return undefined;
  const category = typeof draft.category === 'string' && isTemplateCategory(draft.category) ? draft.category : DEFAULT_CATEGORY;
  return {
    name: draft.name,
    description: typeof draft.description === 'string' ? draft.description : '',
    category,
    sections: draft.sections.map((s) => ({ ...(s.id ? { id: s.id } : {}), title: String(s.title ?? ''), instructions: String(s.instructions ?? ''), format: s.format === 'bullets' ? 'bullets' : 'paragraph' })),
  };
}
