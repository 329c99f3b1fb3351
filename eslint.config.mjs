// One lint for the whole repo. Typed rules that catch real bugs (floating promises, non-exhaustive
// switches, loose equality, focused tests) rather than style, which the formatter's defaults settle.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', 'functions/lib/**', '**/dist/**', '.tools/**', 'tests/.artifacts/**', '**/*.config.*', 'eslint.config.mjs'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
      'no-restricted-properties': [
        'error',
        { object: 'it', property: 'only', message: 'Focused test left behind.' },
        { object: 'describe', property: 'only', message: 'Focused test left behind.' },
        { object: 'test', property: 'only', message: 'Focused test left behind.' },
      ],
    },
  },
  {
    // Tests read untyped HTTP bodies (supertest's `any`) on purpose: assertions are their type check.
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // React event handlers commonly return promises; SWR mutate and navigation do too.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // The web app's layers: app -> features -> shared. A feature is a unit a newcomer can read alone, so
    // features never import each other (what two need goes down into shared), and shared code never
    // reaches up into a feature or the app. Checked here so it holds without anyone remembering it.
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { project: 'web/tsconfig.json' } },
      'boundaries/elements': [
        { type: 'app', partialMatch: false, pattern: 'web/src/app' },
        { type: 'feature', partialMatch: false, pattern: 'web/src/features/*', capture: ['feature'] },
        { type: 'shared', partialMatch: false, pattern: 'web/src/{components,data,lib,config,theme,types,test}' },
      ],
      // The entry point mounts the app and may import anything; nothing imports it.
      'boundaries/ignore': ['web/src/main.tsx'],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message: '{{ from.path }} ({{ from.type }}) may not import {{ to.path }} ({{ to.type }}): the web app is layered app -> features -> shared, and features never import each other.',
          policies: [
            { from: { element: { type: 'app' } }, allow: { to: { element: { types: { anyOf: ['app', 'feature', 'shared'] } } } } },
            {
              from: { element: { type: 'feature' } },
              allow: [{ to: { element: { type: 'shared' } } }, { to: { element: { type: 'feature', captured: { feature: '{{ from.captured.feature }}' } } } }],
            },
            { from: { element: { type: 'shared' } }, allow: { to: { element: { type: 'shared' } } } },
          ],
        },
      ],
      // Every file under web/src belongs to a layer; a new top-level folder has to be given one here.
      'boundaries/no-unknown-files': 'error',
    },
  },
  {
    // Plain Node scripts (no TypeScript project): JavaScript rules only.
    files: ['scripts/**/*.mjs', 'functions/build.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { ...tseslint.configs.disableTypeChecked.languageOptions, globals: { console: 'readonly', process: 'readonly' } },
  },
);
