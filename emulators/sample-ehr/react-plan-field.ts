/**
 * The sample EHR's one framework-driven field: a React controlled textarea for the plan. React keeps the
 * value in its own state, so a fill that only sets `.value` is lost at the next render; a fill must use the
 * native value setter and dispatch `input` (what React listens to). The line under it shows what React saw,
 * so a test can tell the two apart. Browser code, kept as text here (this workspace type-checks Node code
 * only) and bundled with React from node_modules by server.ts through esbuild: no CDN, no build step.
 */
export const REACT_PLAN_FIELD_SOURCE = `
import { createElement as h, useState } from 'react';
import { createRoot } from 'react-dom/client';

function PlanField() {
  const [plan, setPlan] = useState('');
  return h(
    'div',
    { className: 'row' },
    h('label', { htmlFor: 'plan' }, 'Plan'),
    h('textarea', { id: 'plan', name: 'plan', rows: 4, value: plan, onChange: (event) => setPlan(event.target.value) }),
    h('p', { id: 'plan-react-state', className: 'hint', 'aria-live': 'polite' }, 'React state: ' + plan.length + ' characters'),
  );
}

createRoot(document.getElementById('plan-root')).render(h(PlanField));
`;
