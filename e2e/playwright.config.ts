import { randomBytes } from 'node:crypto';
import { defineConfig, devices } from '@playwright/test';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Whole-system tests: the real API server (built) serving the built web app, on a fresh data
 * folder each run, driven in Chromium. On this kind of machine test tools cannot download a
 * browser, so the system Chromium is used when present (CHROMIUM_PATH or /usr/bin/chromium);
 * elsewhere Playwright's own browser.
 */
const port = Number(process.env.E2E_PORT ?? 3210);
/**
 * E2E_BASE_URL: a portal that is already running, e.g. `pnpm cluster`'s proxy
 * (http://127.0.0.1:8080): the tests start no server and run against it (the chromium project;
 * E2E_DATA_DIR names its data folder, where the specs that read mails find them).
 */
const externalURL = process.env.E2E_BASE_URL?.replace(/\/$/, '');
const baseURL = externalURL ?? `http://127.0.0.1:${port}`;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'ipportal-e2e-'));
process.env.E2E_DATA_DIR = dataDir; // workers inherit it, so tests can read mails from <dataDir>/mail

const chromiumPath =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

const launchOptions = {
  ...(chromiumPath ? { executablePath: chromiumPath } : {}),
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

/**
 * The second server runs as a deployment does (PUBLIC_URL, production), for the specs that check
 * what changes there; it seeds only the demo data.
 */
const deployedPort = port + 1;
const deployedURL = `http://127.0.0.1:${deployedPort}`;
const deployedDataDir = mkdtempSync(join(tmpdir(), 'ipportal-e2e-deployed-'));
const deployedSpecs = /first-contact\.spec\.ts/;

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    // In CI a trace is recorded only for the retry of a failed test (Playwright's advice for CI):
    // recording every test's trace costs time on a run that is near its limit.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      // The server as the README's `pnpm start` starts it.
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], baseURL, launchOptions },
    },
    {
      name: 'deployed',
      testMatch: deployedSpecs,
      use: { ...devices['Desktop Chrome'], baseURL: deployedURL, launchOptions },
    },
  ],
  webServer: externalURL
    ? []
    : [
        {
          // Exactly what `pnpm start` runs (scripts/start.sh), with only variables the README names:
          // where to listen, a data folder of its own, the large demo organization, and quiet logs.
          // No PUBLIC_URL and no NODE_ENV: a test set-up that adds one hides what a newcomer meets.
          command: 'node ../apps/api/dist/main.js',
          url: `${baseURL}/readyz`,
          timeout: 120_000,
          reuseExistingServer: false,
          stdout: 'pipe',
          stderr: 'pipe',
          env: {
            PORT: String(port),
            HOST: '127.0.0.1',
            DATA_DIR: dataDir,
            // large@example.com administers an organization of this many matters (large-list.spec.ts).
            SEED_SCALE: process.env.E2E_SEED_SCALE ?? '3000',
            LOG_LEVEL: 'warn',
          },
        },
        {
          command: 'node ../apps/api/dist/main.js',
          url: `${deployedURL}/readyz`,
          timeout: 120_000,
          reuseExistingServer: false,
          stdout: 'pipe',
          stderr: 'pipe',
          env: {
            PORT: String(deployedPort),
            HOST: '127.0.0.1',
            DATA_DIR: deployedDataDir,
            PUBLIC_URL: deployedURL,
            SEED_DEMO: 'true',
            NODE_ENV: 'production',
            // Production requires the key that encrypts the identity service's signing keys; any 32 bytes for a test run.
            IDENTITY_KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
            LOG_LEVEL: 'warn',
          },
        },
      ],
});
