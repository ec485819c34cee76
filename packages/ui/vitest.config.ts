import { existsSync } from 'node:fs';
import path from 'node:path';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const dirname = import.meta.dirname;

// Test tools cannot download browsers here: use the system Chromium when it exists.
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

// Pre-bundled up front so Vite does not discover them mid-run and reload the browser tests.
const optimizeDeps = {
  include: [
    'react',
    'react-dom',
    'react-dom/client',
    'react/jsx-runtime',
    'react/jsx-dev-runtime',
    'styled-components',
    'date-fns',
    'date-fns/locale/ja',
    'date-fns/locale/en-US',
    '@tanstack/react-virtual',
  ],
};

const resolve = { conditions: ['@ipportal/source', 'module', 'browser', 'development|production'] };

/**
 * Every story in the system Chromium with the toolbar language `locale` (plays, axe). The English
 * run checks the English sample texts and that plays find their elements in both languages;
 * preview.tsx reads __STORY_TEST_LOCALE__ for its initial language.
 */
function storyProject(locale: 'ja' | 'en') {
  return {
    plugins: [storybookTest({ configDir: path.join(dirname, '.storybook') })],
    resolve,
    optimizeDeps,
    define: { __STORY_TEST_LOCALE__: JSON.stringify(locale) },
    test: {
      name: locale === 'ja' ? 'storybook' : 'storybook-en',
      testTimeout: 30_000,
      browser: {
        enabled: true,
        headless: true,
        provider: playwright({
          launchOptions: {
            ...(existsSync(chromiumPath) ? { executablePath: chromiumPath } : {}),
            args: chromiumArgs,
          },
        }),
        instances: [{ browser: 'chromium' as const }],
      },
    },
  };
}

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        resolve,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./test/setup.ts'],
          // One jsdom per worker instead of per file: the files clean up after themselves, and
          // environment start-up dominated the run on the 2-core machines.
          isolate: false,
          // axe-core in jsdom is slow on big trees; keep headroom on the 2-core machines.
          testTimeout: 60_000,
        },
      },
      storyProject('ja'),
      storyProject('en'),
    ],
  },
});
