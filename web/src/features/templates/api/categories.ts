// The contract's template categories (the API refuses others) as the app's pickers list them.
import { TEMPLATE_CATEGORIES, TEMPLATE_CATEGORY_LABELS } from '@charta/contract';

export { categoryLabel, DEFAULT_CATEGORY, isTemplateCategory, type TemplateCategory } from '@charta/contract';

export const CATEGORY_OPTIONS = TEMPLATE_CATEGORIES.map((id) => ({ id, label: TEMPLATE_CATEGORY_LABELS[id] }));
