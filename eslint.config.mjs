// One lint for the whole repo. Typed rules that catch real bugs (floating promises, non-exhaustive
// switches, loose equality, focused tests) rather than style, which the formatter's defaults settle.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', 'functions/lib/**', '**/dist/**', '.tools/**', 'tests/.artifacts/**', 'coverage/**', '**/*.config.*', 'eslint.config.mjs', '**/*.d.mts'],
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
      // A page importing Tooltip, Dialog or Menu directly puts them back in the chunks every page shares, before
      // the Record tab's first paint (docs/first-load.md): tooltips and dialogs come through LazyTooltip and
      // LazyDialog, and a menu lives in a module its page loads after the paint (the shell's AccountMenuPopup).
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@mui/material/Tooltip', importNames: ['default'], message: 'Use LazyTooltip (web/src/components/feedback/LazyTooltip.tsx): Tooltip must not hold up a first paint.' },
            { name: '@mui/material/Dialog', importNames: ['default'], message: 'Use LazyDialog (web/src/components/feedback/LazyDialog.tsx): Dialog must not hold up a first paint.' },
          ],
        },
      ],
    },
  },
  {
    // The lazy wrappers themselves; and the lock screen, which must cover the page the moment it locks: its chunk
    // (Dialog with it) is fetched as soon as AppLock mounts, long before a lock, and nothing later may fail.
    files: ['web/src/components/feedback/LazyTooltip.tsx', 'web/src/components/feedback/LazyDialog.tsx', 'web/src/features/auth/lock/LockScreen.tsx'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Plain Node scripts (no TypeScript project): JavaScript rules only.
    files: ['scripts/**/*.mjs', 'functions/build.mjs', 'extension/build.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { ...tseslint.configs.disableTypeChecked.languageOptions, globals: { console: 'readonly', process: 'readonly' } },
  },
);
