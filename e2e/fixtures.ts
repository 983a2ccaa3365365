import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test as base, expect, type ConsoleMessage } from '@playwright/test';
import { startCatalogue, type Catalogue } from '../catalogue';
import { captureWiring } from '../src-main/capture/wiring';
import { createCore, type RunningCore } from '../src-main/core/core';
import type { DevicesWiring } from '../src-main/core/devices-wiring';
import { readTmdbConfig } from '../src-main/core/config';
import { sampleSource } from '../src-main/import/samples';
import { startHarness, type Harness } from './harness/server';

/** The whole app as the browser sees it: catalogue → core → harness, all in this process. */
export interface AppStack {
  catalogue: Catalogue;
  core: RunningCore;
  harness: Harness;
  /** Pages the core asked to open in the system browser (TMDB's approval page), in order. */
  opened: string[];
  /** The core's data folder (its databases), for specs that set up state the UI cannot. */
  dataDir: string;
  close(): Promise<void>;
}

export interface AppStackOptions {
  /** Catalogue size; small by default so each stack starts in a blink. */
  titles?: number;
  /**
   * Real TMDB's messiness (null names, duplicates, 10,000-character strings, vanished ids).
   * Off by default so specs can count exact contents; specs about robustness turn it on.
   */
  messy?: boolean;
  /**
   * The clock of the catalogue and the core (Date.now by default). A fixed start keeps every
   * generated date, and so every picture of a page, the same from run to run.
   */
  now?: () => number;
  /** The demo account starts with its watchlist and favourites (default: follows `messy`). */
  demoLibrary?: boolean;
  /**
   * The demo account's generated watch history (a few years of plays) is seeded into the library
   * before the page opens, and the account rates some of those titles (signed in, the ratings
   * reach the library mirror). Facts of the watched titles are filled in the background.
   */
  demoHistory?: boolean;
  /**
   * Sync across computers: cheaper key stretching, a flush without delay, a host name. Stacks
   * that share one temp sync folder are two computers; by default the core's own wiring is used.
   */
  devices?: DevicesWiring;
}

const rendererDir = resolve('out/renderer');

export async function startAppStack(options: AppStackOptions = {}): Promise<AppStack> {
  if (!existsSync(join(rendererDir, 'index.html'))) {
    throw new Error(
      `No built renderer in ${rendererDir}: run \`npm run build\` before the browser tests.`,
    );
  }
  const catalogue = await startCatalogue({
    titles: options.titles ?? 200,
    messy: options.messy ?? false,
    now: options.now,
    ...(options.demoLibrary === undefined ? {} : { demoLibrary: options.demoLibrary }),
    ...(options.demoHistory ? { demoHistory: true } : {}),
  });
  const opened: string[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'marquee-e2e-'));
  const core = createCore({
    dataDir,
    clock: options.now,
    app: { name: 'Marquee', version: '0.1.0', platform: process.platform },
    tmdb: {
      ...readTmdbConfig({
        TMDB_API_BASE: catalogue.apiBase,
        TMDB_IMAGE_BASE: catalogue.imageBase,
        TMDB_ACCESS_TOKEN: catalogue.accessToken,
      }),
      demo: true,
    },
    // Demo mode offers the catalogue's sample exports for import.
    imports: { samples: sampleSource(() => catalogue.samples()) },
    // Play capture, its webhook listener on a free port of this stack's own.
    capture: captureWiring({ port: 0 }),
    ...(options.devices === undefined ? {} : { devices: options.devices }),
    // The system browser of a test is the test itself: it opens recorded pages in Playwright.
    openExternal: (url) => {
      opened.push(url);
      return Promise.resolve();
    },
  });
  if (catalogue.demoHistory) await core.seedHistory(catalogue.demoHistory.plays);
  const harness = await startHarness({
    core,
    rendererDir,
    serveImage: (path) => core.serveImage(path),
    stageUpload: (name, bytes) => core.imports.stageBytes(name, bytes),
  });
  return {
    catalogue,
    core,
    harness,
    opened,
    dataDir,
    close: async () => {
      await harness.close();
      await core.close();
      await catalogue.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Chromium logs every image that answers with an error status. Offline, an image Marquee never
 * saved answers 404 by design and the poster shows its placeholder instead, so those lines are not
 * page problems; any other failed resource still is.
 */
function isUnavailableImage(message: ConsoleMessage): boolean {
  return (
    message.text().startsWith('Failed to load resource') &&
    /^\/img\//.test(new URL(message.location().url || 'about:blank').pathname)
  );
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
        if (message.type() !== 'error' || isUnavailableImage(message)) return;
        problems.push(`console: ${message.text()}`);
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
