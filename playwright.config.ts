import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

// Browsers cannot be downloaded on our build machines: Debian's Chromium is used (.ci/run sets
// CHROMIUM_PATH), and CHROMIUM_PATH points elsewhere on other machines. Where neither exists (the
// hosted Windows, macOS and Linux runners), Playwright's own Chromium is used, installed by
// `npx playwright install chromium`.
const DEBIAN_CHROMIUM = '/usr/bin/chromium';
const executablePath =
  process.env.CHROMIUM_PATH?.trim() || (existsSync(DEBIAN_CHROMIUM) ? DEBIAN_CHROMIUM : undefined);

export default defineConfig({
  testDir: 'e2e',
  testMatch: /.*\.spec\.ts$/,
  outputDir: 'test-results/artifacts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  // The visual baselines are taken with Debian's Chromium and fonts (.ci/run); the hosted runners
  // render with other fonts, so there the screens are still driven but not compared by pixel.
  ignoreSnapshots: process.env.MARQUEE_IGNORE_SNAPSHOTS === '1',
  use: {
    headless: true,
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
});
