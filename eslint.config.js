// One lint for the whole repository: `npm run lint`, and a step of `npm test`, with no warning
// allowed. typescript-eslint reads the same tsconfig as the type-check, so the rules that need
// types (a promise nobody awaits, a method passed without its object) see what `tsc` sees.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['dist/', 'coverage/', 'test-results/', 'node_modules/', '.data/'],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // A name that starts with _ is kept on purpose: a field taken out of an object with a rest
      // spread, a callback's unused position.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // Fastify's plugins and handlers, and React's act(), take async functions by contract, and
      // many are written without an await. The promise mistakes that matter (one nobody awaits,
      // one handed where a plain callback is expected) stay errors through no-floating-promises
      // and no-misused-promises.
      '@typescript-eslint/require-await': 'off',
      // As only-throw-error does by default: a value of unknown type (an AbortSignal's reason, a
      // caught error) is passed on as it came; a literal that is not an Error is still refused.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingAny: true, allowThrowingUnknown: true }],
    },
  },
  {
    files: ['test/**'],
    rules: {
      // vitest's asymmetric matchers (expect.any, expect.stringMatching) are typed `any` by
      // design, so every expected object that holds one would be an "unsafe assignment".
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },
  {
    // The few plain JavaScript files (the rollup config, a build shim) are outside the tsconfig.
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // React's rules where React code lives: the widget. The tests drive the mounted widget from
    // outside and hold no components (their `useFakeBackend` is a vitest set-up, not a hook).
    files: ['src/widget/**/*.{ts,tsx}', 'test/**/*.tsx'],
    languageOptions: { globals: { ...globals.browser } },
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    files: ['src/widget/**/*.tsx'],
    rules: {
      // Every look is a styled component (a transient prop for a value): one place per look, the
      // CSS minified at build time, and only a stylesheet can follow the widget's own width
      // (theme/breakpoints.ts); an inline style cannot.
      'no-restricted-syntax': [
        'error',
        { selector: 'JSXAttribute[name.name="style"]', message: 'Use a styled component (a transient $prop for a value) instead of an inline style.' },
      ],
    },
  },
);
