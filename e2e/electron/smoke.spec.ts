import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  _electron as electron,
  expect,
  test,
  type ElectronApplication,
  type Page,
} from '@playwright/test';
import type { MarqueeApi } from '../../src-shared/ipc/api';
import { findElectronBinary } from './binary';

/*
 * The desktop app, end to end: the built bundles (out/) started by the real Electron binary, in
 * demo mode (no TMDB credentials, so the built-in catalogue answers). Where the binary is not
 * installed — build machines cannot download it — the whole file is skipped and says why.
 */
const root = join(import.meta.dirname, '..', '..');
const binary = findElectronBinary(root);
const builtMain = join(root, 'out', 'main', 'index.js');
const skipReason =
  'reason' in binary
    ? `Electron smoke test skipped: ${binary.reason}.`
    : existsSync(builtMain)
      ? undefined
      : 'Electron smoke test skipped: out/main/index.js is missing; run `npm run build` first.';

test.skip(skipReason !== undefined, skipReason);
// The list reporter does not print skip reasons; say it once where people will read it.
if (skipReason !== undefined) process.stderr.write(`${skipReason}\n`);
test.describe.configure({ mode: 'serial' });

/** The page's view of the bridge; the spec runs in Node, so the page globals are typed by hand. */
type PageGlobals = typeof globalThis & {
  api: MarqueeApi;
  require?: unknown;
  process?: unknown;
  location: { href: string };
  open(url: string): unknown;
};

let app: ElectronApplication;
let page: Page;
let dataDir: string;
const problems: string[] = [];

test.beforeAll(async () => {
  if (skipReason !== undefined || !('path' in binary)) return;
  dataDir = mkdtempSync(join(tmpdir(), 'marquee-electron-smoke-'));
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    // Demo mode: the app must not see real TMDB credentials from the developer's shell.
    if (value !== undefined && !key.startsWith('TMDB_')) env[key] = value;
  }
  app = await electron.launch({
    executablePath: binary.path,
    args: [root],
    cwd: root,
    env: { ...env, MARQUEE_DATA_DIR: dataDir, ELECTRON_ENABLE_LOGGING: '1' },
  });
  page = await app.firstWindow();
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  await page.waitForLoadState('domcontentloaded');
});

test.afterAll(async () => {
  if (skipReason !== undefined) return;
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test('opens one window on the app:// page', async () => {
  expect(page.url()).toMatch(/^app:\/\/marquee\/index\.html(#.*)?$/);
  expect(app.windows()).toHaveLength(1);
  await expect(page).toHaveTitle(/Marquee/);
});

test('gives the page exactly window.api.invoke and window.api.on, and no Node', async () => {
  const globals = await page.evaluate(() => {
    const g = globalThis as PageGlobals;
    return {
      api: Object.keys(g.api).sort(),
      require: typeof g.require,
      process: typeof g.process,
      module: typeof (g as { module?: unknown }).module,
    };
  });
  expect(globals).toEqual({
    api: ['invoke', 'on'],
    require: 'undefined',
    process: 'undefined',
    module: 'undefined',
  });
});

test('answers app.info through the bridge, in demo mode', async () => {
  const result = await page.evaluate(() => (globalThis as PageGlobals).api.invoke('app.info'));
  expect(result.ok).toBe(true);
  if (result.ok) {
    expect(result.value.name).toBe('Marquee');
    expect(result.value.demo).toBe(true);
    expect(result.value.apiBase).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(result.value.dataDir).toBe(dataDir);
  }
});

test('refuses an unlisted channel as data', async () => {
  const result = await page.evaluate(() =>
    (globalThis as PageGlobals).api.invoke('library.wipe' as 'app.info'),
  );
  expect(result).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
});

test('lists countries in Settings', async () => {
  const countries = await page.evaluate(() =>
    (globalThis as PageGlobals).api.invoke('reference.countries'),
  );
  expect(countries.ok).toBe(true);
  const first = countries.ok ? countries.value.items[0] : undefined;
  expect(first).toBeDefined();
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByText(first?.english_name ?? '—', { exact: true }).first()).toBeVisible();
});

test('stays on app:// when the page tries to navigate away', async () => {
  const before = page.url();
  await page.evaluate(() => {
    (globalThis as PageGlobals).location.href = 'https://example.com/';
  });
  await page.waitForTimeout(500);
  expect(page.url()).toBe(before);
});

test('opens no new window', async () => {
  const opened = await page.evaluate(
    () => (globalThis as PageGlobals).open('https://example.com/') === null,
  );
  expect(opened).toBe(true);
  expect(app.windows()).toHaveLength(1);
});

test('logged no console errors or page errors', () => {
  expect(problems).toEqual([]);
});
