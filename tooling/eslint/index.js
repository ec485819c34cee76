// @ts-check
/**
 * Shared flat config. Each package calls `defineConfig({ dir, layer })`.
 *
 * Layers enforce the one-way import direction of the workspace:
 *   apps (web, api)  ->  packages (api-client, auth, ui)  ->  domain
 * domain imports nothing of ours and no React.
 */
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import i18next from 'eslint-plugin-i18next';
import globals from 'globals';
import { selfContainedComments } from './self-contained-comments.js';

/** @typedef {'domain' | 'package' | 'react-package' | 'web' | 'node-app'} Layer */

const deepImport = {
  group: ['@ipportal/*/*', '!@ipportal/tsconfig/*'],
  message: 'Import a workspace package through its public entry (its `exports`), not its files.',
};

/**
 * Japan's calendar has one home, packages/domain/src/dates/japan-calendar/: today in Japan,
 * the Japanese offices' business days and the zone name itself. A zone literal anywhere else is
 * the start of another copy (five had grown apart before this rule), so it is refused; code that
 * needs the name (a job schedule, SQL, a date format with a time of day) takes `japanTimeZone`.
 */
const japanZoneMessage =
  "Use @ipportal/domain's japan-calendar (todayInJapan, dayInJapan, japanTimeZone, the business-day helpers) instead of naming the zone.";
const japanZoneLiteral = {
  'no-restricted-syntax': [
    'error',
    { selector: 'Literal[value=/Asia.Tokyo/]', message: japanZoneMessage },
    { selector: 'TemplateElement[value.raw=/Asia.Tokyo/]', message: japanZoneMessage },
  ],
};

/** Where the zone may be named: the module itself and the test that pins it (package-relative). */
const japanZoneHome = ['src/dates/**', 'test/japan-calendar.test.ts'];

/** @param {Layer} layer */
function boundaryPatterns(layer) {
  switch (layer) {
    case 'domain':
      return [
        { group: ['@ipportal/*'], message: 'packages/domain imports no workspace package.' },
        {
          group: ['react', 'react-dom', 'react/*', 'react-*', 'styled-components'],
          message: 'packages/domain is pure TypeScript: no React.',
        },
      ];
    case 'package':
    case 'react-package':
      return [
        { group: ['@ipportal/*', '!@ipportal/domain'], message: 'Libraries import only @ipportal/domain.' },
        deepImport,
      ];
    default:
      return [deepImport];
  }
}

/**
 * @param {{ dir: string, layer: Layer, ignores?: string[] }} options
 */
export function defineConfig({ dir, layer, ignores = [] }) {
  const isReact = layer === 'react-package' || layer === 'web';
  return tseslint.config(
    {
      ignores: [
        'dist/**',
        'storybook-static/**',
        'coverage/**',
        'node_modules/**',
        // Reports of local test runs (git-ignored).
        'playwright-report/**',
        'test-results/**',
        'screenshots/**',
        '**/*.d.ts',
        ...ignores,
      ],
    },
    js.configs.recommended,
    ...tseslint.configs.recommendedTypeChecked,
    {
      languageOptions: {
        parserOptions: { projectService: true, tsconfigRootDir: dir },
        globals: isReact ? { ...globals.browser } : { ...globals.node },
      },
      plugins: {
        'import-x': importX,
        ipportal: { rules: { 'self-contained-comments': selfContainedComments } },
      },
      settings: {
        'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${dir}/tsconfig.json` })],
        // import-x reads only .js files unless told otherwise: without these, its rules that
        // follow imports into other files (no-cycle) passed every .ts/.tsx file unread.
        'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
        'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      },
      rules: {
        '@typescript-eslint/no-floating-promises': 'error',
        '@typescript-eslint/no-misused-promises': 'error',
        '@typescript-eslint/consistent-type-imports': 'error',
        '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
        'import-x/no-cycle': 'error',
        'import-x/no-self-import': 'error',
        'ipportal/self-contained-comments': 'error',
        'no-restricted-imports': ['error', { patterns: boundaryPatterns(layer) }],
      },
    },
    { ...(layer === 'domain' && { ignores: japanZoneHome }), rules: japanZoneLiteral },
    ...(isReact
      ? [
          {
            plugins: { 'react-hooks': reactHooks, i18next },
            rules: {
              ...reactHooks.configs.recommended.rules,
              // Every user-facing string goes through i18n: no literal text in JSX.
              'i18next/no-literal-string': ['error', { mode: 'jsx-text-only' }],
            },
          },
        ]
      : []),
    {
      // Tests, stories and config files may use literal strings and looser typing.
      files: [
        '**/*.test.ts',
        '**/*.test.tsx',
        '**/*.stories.tsx',
        '**/test/**',
        '**/*.config.ts',
        '**/*.config.js',
      ],
      rules: {
        'i18next/no-literal-string': 'off',
        '@typescript-eslint/no-non-null-assertion': 'off',
        '@typescript-eslint/unbound-method': 'off',
      },
    },
    {
      files: ['**/*.js', '**/*.mjs'],
      ...tseslint.configs.disableTypeChecked,
    },
    {
      // Tooling config files are not part of a layer.
      files: ['eslint.config.js', '*.config.ts', '*.config.js', '.storybook/**'],
      rules: { 'no-restricted-imports': 'off' },
    },
  );
}
