import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/',
      '**/dist/',
      '**/data/',
      'apps/api/src/db/migrations/',
      'e2e/test-results/',
      'e2e/playwright-report/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' },
      ],
      // docs/conventions.md §9: files stay under ~300 lines; split by verb when they grow.
      'max-lines': ['error', { max: 320, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' },
        {
          // Issue 20, dark mode: a fixed shade ('red.8') is readable on one scheme's body only.
          selector: "JSXAttribute[name.name='c'] Literal[value=/^[a-z]+\\.[0-9]$/]",
          message:
            'Coloured text comes from lib/scheme-colors.ts (textColors), which keeps 4.5:1 in light and dark mode.',
        },
      ],
    },
  },
  {
    // API module boundaries (ARCHITECTURE.md, "Module boundaries"): a module is used from outside only through
    // its public surface. Another module may import its *.service.ts files; the composition root (app, start,
    // worker, plugins, jobs, cli, seeds, test helpers) may also import *.routes.ts, *.jobs.ts and *.runtime.ts.
    // Repositories and other internals stay private. Tests may arrange state through any module's internals.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.js'] } },
      'boundaries/elements': [
        { type: 'api-module', pattern: 'apps/api/src/modules/*', capture: ['name'] },
        { type: 'api-core', pattern: 'apps/api/src/*' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'api-module' } },
              disallow: { to: { element: { type: 'api-module', fileInternalPath: '!*.service.ts' } } },
              message:
                'Another module is used only through its *.service.ts files (ARCHITECTURE.md, "Module boundaries").',
            },
            {
              from: { element: { type: 'api-core' } },
              disallow: {
                to: {
                  element: { type: 'api-module', fileInternalPath: '!*.{service,routes,jobs,runtime}.ts' },
                },
              },
              message:
                'Outside the modules, use a module through its *.service.ts, *.routes.ts, *.jobs.ts or *.runtime.ts files (ARCHITECTURE.md, "Module boundaries").',
            },
          ],
        },
      ],
    },
  },
  {
    // Web feature boundaries (ARCHITECTURE.md, "Web feature boundaries"): another feature is used only through
    // its public surface, its api/ (one file per call: the fetcher and its query or mutation hook) and hooks/
    // folders. Its components and other files are private; what several features need lives in
    // src/components (shared UI) or src/lib (non-UI helpers). Pages under src/app compose features and may
    // import any of their files. Tests follow the same rule; shared fixtures live in src/test.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'boundaries/elements': [
        { type: 'web-feature', pattern: 'apps/web/src/features/*', capture: ['name'] },
        { type: 'web-shared', pattern: 'apps/web/src/{components,lib}' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'web-feature' } },
              disallow: { to: { element: { type: 'web-feature', fileInternalPath: '!{api,hooks}/**' } } },
              message:
                'Another feature is used only through its api/ and hooks/ files; move what several features share to src/components or src/lib (ARCHITECTURE.md, "Web feature boundaries").',
            },
            {
              from: { element: { type: 'web-shared' } },
              disallow: { to: { element: { type: 'web-feature', fileInternalPath: '!{api,hooks}/**' } } },
              message:
                'Shared components and lib use a feature only through its api/ and hooks/ files (ARCHITECTURE.md, "Web feature boundaries").',
            },
          ],
        },
      ],
    },
  },
  {
    // Tool config files (and Playwright's global set-up) must default-export.
    files: [
      '**/*.config.{js,ts}',
      '**/vite.config.ts',
      '**/playwright.config.ts',
      '**/drizzle.config.ts',
      // Playwright loads a global set-up by its default export.
      'e2e/src/global-setup.ts',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
