// typescript-eslint's recommended rules (syntax only, no type information: `tsc --noEmit` already type-checks, and
// type-aware linting would multiply the run time), React's hooks rules on the SPA, and eslint-config-prettier last so
// no rule argues with the formatter. Import rules between areas ("rooms") live in .dependency-cruiser.cjs.
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig([
  globalIgnores([
    'dist/',
    'data/',
    'reports/',
    'test-results/',
    'playwright-report/',
    '.tmp/',
    'shared/contract/schema.d.ts',
    'shared/contract/schemas.ts',
  ]),
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    extends: [tseslint.configs.recommended],
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // The core rule the test fixtures' `{}` (no fixtures used) are written against.
      'no-empty-pattern': 'error',
      // An unused value is a mistake unless its name says it is deliberate (`_event`, `[, second]`).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Test and benchmark helpers read HTTP answers of every shape the contract has; their bodies are `any` there.
    files: ['tests/**', 'bench/**', '**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
  },
  prettier,
]);
