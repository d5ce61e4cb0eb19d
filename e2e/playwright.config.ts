// The browser suites of the whole portal, on @playwright/test with Debian's Chromium (never a downloaded browser).
// One project per domain that has browser specs (mfe-<domain>/e2e, found here, so a new domain's suite needs no
// edit in this file) and `cross-domain` for the journeys across domains in e2e/tests. All share e2e/fixtures.
// Run against the running stack: `npm start`, then `cd e2e && npx playwright test [--project accounts]`.
import { defineConfig } from '@playwright/test';
import { existsSync, readdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const domains = readdirSync(root)
  .filter((d) => d.startsWith('mfe-') && existsSync(join(root, d, 'e2e')))
  .sort();

export default defineConfig({
  globalSetup: './fixtures/global-setup.ts',
  testMatch: '**/*.spec.ts',
  forbidOnly: true,
  // One worker: the specs share the portal's one config (config-and-header sets hideRoutes, which the frame specs
  // read) and the demo users, and the machine's 2 cores also run the whole stack (Keycloak, FerretDB, nginx, six
  // services): a second worker would trade stable timings for little.
  workers: 1,
  fullyParallel: false,
  // No retries: a spec that passes only on a second try hides a bug or a race worth fixing.
  retries: 0,
  // A whole journey (sign-up, mails, an admin's review) takes up to a minute on a loaded machine.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  outputDir: './test-results',
  reporter: [
    ['list'],
    ['html', { outputFolder: '.report', open: 'never' }],
    // scripts/test-results.mjs reads the totals (stats) of this file for npm test's summary line
    ['json', { outputFile: './test-results/results.json' }],
  ],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic'],
    },
    headless: true,
    viewport: { width: 1280, height: 860 },
    actionTimeout: 20_000,
    navigationTimeout: 20_000,
    // A trace records every action's DOM and screen (measured: ~20 % of the suite's time). CI keeps only the log, so
    // there it records none; locally a failed test keeps its trace. PORTAL_E2E_TRACE=on|off|retain-on-failure decides.
    trace: (process.env.PORTAL_E2E_TRACE ?? (process.env.CI ? 'off' : 'retain-on-failure')) as
      'on' | 'off' | 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    ...domains.map((d) => ({ name: d.slice('mfe-'.length), testDir: join(root, d, 'e2e') })),
    { name: 'cross-domain', testDir: './tests' },
    // One working day played by every role, one spec file per step in file order (they hand state on: see
    // fixtures/journey.ts); its teardown removes the day's data whether the steps passed or not.
    { name: 'journeys', testDir: './journeys', teardown: 'journeys-teardown' },
    { name: 'journeys-teardown', testDir: './journeys', testMatch: '**/*.teardown.ts' },
  ],
});
