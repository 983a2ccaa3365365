import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test as base, expect } from '@playwright/test';
import { startCatalogue, type Catalogue } from './catalogue/server';
import { createCore, type Core } from '../src-main/core/core';
import { readTmdbConfig } from '../src-main/core/config';
import { startHarness, type Harness } from './harness/server';

/** The whole app as the browser sees it: catalogue → core → harness, all in this process. */
export interface AppStack {
  catalogue: Catalogue;
  core: Core;
  harness: Harness;
  close(): Promise<void>;
}

const rendererDir = resolve('out/renderer');

export async function startAppStack(): Promise<AppStack> {
  if (!existsSync(join(rendererDir, 'index.html'))) {
    throw new Error(
      `No built renderer in ${rendererDir}: run \`npm run build\` before the browser tests.`,
    );
  }
  const catalogue = await startCatalogue({ titles: 200 });
  const dataDir = mkdtempSync(join(tmpdir(), 'marquee-e2e-'));
  const core = createCore({
    dataDir,
    app: { name: 'Marquee', version: '0.1.0', platform: process.platform },
    tmdb: {
      ...readTmdbConfig({
        TMDB_API_BASE: catalogue.apiBase,
        TMDB_IMAGE_BASE: catalogue.imageBase,
        TMDB_ACCESS_TOKEN: catalogue.accessToken,
      }),
      demo: true,
    },
  });
  const harness = await startHarness({ core, rendererDir });
  return {
    catalogue,
    core,
    harness,
    close: async () => {
      await harness.close();
      await core.close();
      await catalogue.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface TestFixtures {
  /** Console errors, page errors and CSP violations seen during the test; must stay empty. */
  pageProblems: string[];
}

interface WorkerFixtures {
  stack: AppStack;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  stack: [
    // Playwright requires the fixture's first argument to be an object pattern.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const stack = await startAppStack();
      await use(stack);
      await stack.close();
    },
    { scope: 'worker' },
  ],
  pageProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      // Chromium logs CSP violations to the console already; the event makes sure none slips by.
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(
            `CSP violation: ${event.violatedDirective} (${event.blockedURI || 'inline'})`,
          );
        });
      });
      await use(problems);
      expect(problems, 'the page logged errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
