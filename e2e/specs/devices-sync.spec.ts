import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, startAppStack, test, type AppStack } from '../fixtures';
import { DevicesPanel } from '../pages/devices.page';
import { AppFrame } from '../pages/frame.page';
import { invokeOk } from '../pages/lists.page';
import { MovieTrackingPanel } from '../pages/tracking.page';

const SCREENSHOTS = 'test-results/screenshots';
mkdirSync(SCREENSHOTS, { recursive: true });
const require = createRequire(import.meta.url);

const PASSPHRASE = 'correct horse battery staple';
/** Cheap key stretching and no wait before a flush: the design's costs, not the test's. */
const devices = (hostName: string) => ({
  kdf: { N: 2 ** 10, r: 8, p: 1 },
  flushDelayMs: 0,
  hostName,
});

/** axe's serious and critical violations in the panel as it is, one line each. */
async function seriousViolations(page: Page, axeSource: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const found: unknown = await page.evaluate(`axe
    .run(document.querySelector('section[aria-labelledby="devices-heading"]'))
    .then((r) => r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => v.id + ': ' + v.nodes.map((n) => n.target.join(' ')).join(', ')))`);
  return Array.isArray(found) ? found.map(String) : ['axe gave no answer'];
}

/** The panel in both schemes, checked by axe in each. */
async function pictures(page: Page, panel: DevicesPanel, name: string, axe: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
    await panel.panel.scrollIntoViewIfNeeded();
    await panel.panel.screenshot({
      path: `${SCREENSHOTS}/devices-${name}-${scheme}.png`,
      animations: 'disabled',
    });
    expect(await seriousViolations(page, axe)).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

async function historyCount(page: Page): Promise<number> {
  const history = (await invokeOk(page, 'tracking.history', { limit: 100 })) as { total: number };
  return history.total;
}

test('sync across computers: set up in Settings on two computers sharing a folder; the history reaches the second', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const shared = mkdtempSync(join(tmpdir(), 'marquee-e2e-sync-'));
  const stacks: AppStack[] = [];
  try {
    const a = await startAppStack({ demoLibrary: false, devices: devices('stack-a') });
    stacks.push(a);
    const b = await startAppStack({ demoLibrary: false, devices: devices('stack-b') });
    stacks.push(b);
    const axe = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');

    // Computer A: a film watched, before sync was ever on.
    const film = a.catalogue.data.picks.library.watchlist.movie.find(
      (id) => !a.catalogue.data.picks.upcomingFilms.includes(id),
    );
    if (film === undefined) throw new Error('the demo catalogue has no released film');
    const frameA = new AppFrame(page);
    await frameA.open(a.harness.url);
    await page.evaluate((to) => {
      location.hash = to;
    }, `#/movie/${film}`);
    const movieA = new MovieTrackingPanel(page);
    await movieA.markWatched.click();
    await expect(movieA.plays).toHaveCount(1);

    // Off: the explanation and the form; the harness has no folder dialog, the typed path does.
    const panelA = new DevicesPanel(page);
    await panelA.open();
    await expect(panelA.panel).toContainText('Syncthing, Dropbox, iCloud Drive or OneDrive');
    await expect(panelA.panel).toContainText('sync with TMDB itself');
    await expect(panelA.panel).toContainText('cannot be recovered');
    await expect(panelA.name).toHaveValue('stack-a');
    await expect(panelA.start).toBeDisabled();
    await expect(frameA.status).not.toContainText('across computers');
    await pictures(page, panelA, 'off', axe);

    await panelA.passphrase.fill(PASSPHRASE);
    await panelA.chooseFolder.click();
    await expect(panelA.failure).toContainText('type the folder’s full path instead');
    await expect(panelA.chooseFolder).toHaveCount(0);
    await panelA.passphrase.fill('short');
    await expect(panelA.passphrase).toHaveAttribute('aria-invalid', 'true');
    await panelA.setUp(shared, PASSPHRASE, 'Laptop');
    await expect(panelA.status).toHaveAttribute('data-devices-status', 'idle');
    await expect(panelA.status).toContainText('Up to date');
    await expect(panelA.folderShown).toHaveText(shared);
    await expect(panelA.name).toHaveValue('Laptop');
    await expect(frameA.status).toContainText('Synced across computers');

    // Computer B: its own page, the same folder and passphrase, another name.
    const pageB = await browser.newPage();
    try {
      const frameB = new AppFrame(pageB);
      await frameB.open(b.harness.url);
      const panelB = new DevicesPanel(pageB);
      await panelB.open();
      expect(await historyCount(pageB)).toBe(0);
      await panelB.setUp(shared, PASSPHRASE, 'Study');
      await expect(panelB.status).toHaveAttribute('data-devices-status', 'idle');
      await expect(panelB.peers).toHaveCount(1);
      await expect(panelB.peer('Laptop')).toContainText('merged here');

      // The film watched on A is in B's history, on its page too.
      expect(await historyCount(pageB)).toBe(1);
      await pageB.evaluate((to) => {
        location.hash = to;
      }, `#/movie/${film}`);
      const movieB = new MovieTrackingPanel(pageB);
      await expect(movieB.plays).toHaveCount(1);

      // B watches it again. A reads B's files when asked (or when the folder announces them),
      // lists B with its change and has both plays.
      await movieB.markWatched.click();
      await expect(movieB.plays).toHaveCount(2);
      await expect(async () => {
        await panelA.syncNow.click();
        await expect(panelA.peer('Study')).toBeVisible({ timeout: 1_000 });
      }).toPass();
      await expect(panelA.peer('Study')).toContainText('1 change merged here');
      expect(await historyCount(page)).toBe(2);
      await pictures(page, panelA, 'on', axe);

      // B stops syncing: its history stays; a wrong passphrase is then refused in one sentence.
      await panelB.open();
      await panelB.stop.click();
      await expect(panelB.dialog).toContainText('Your history stays on this computer');
      await panelB.dialog.getByRole('button', { name: 'Stop syncing' }).click();
      await expect(panelB.start).toBeVisible();
      expect(await historyCount(pageB)).toBe(2);
      await panelB.setUp(shared, 'not the passphrase at all', 'Study');
      await expect(panelB.failure).toContainText(
        'Sync was not set up. This folder was set up with a different passphrase.',
      );
      await expect(panelB.start).toBeVisible();
      await panelB.panel.screenshot({
        path: `${SCREENSHOTS}/devices-wrong-passphrase.png`,
        animations: 'disabled',
      });
      expect(await historyCount(pageB)).toBe(2);

      // A forgets B: what was merged from it stays, the computer is marked.
      await panelA.peer('Study').getByRole('button', { name: 'Forget' }).click();
      await expect(panelA.dialog).toContainText('What was already merged from it stays');
      await panelA.dialog.getByRole('button', { name: 'Forget' }).click();
      await expect(panelA.peer('Study')).toContainText('Forgotten');
      expect(await historyCount(page)).toBe(2);

      // A file that is not Marquee's own work: refused, said in one sentence, listed in Details.
      const stranger = join(shared, 'Marquee', 'devices', '0f0f0f0f-0000-4000-8000-000000000000');
      mkdirSync(stranger, { recursive: true });
      writeFileSync(join(stranger, 'seg-000000000001.msync'), 'not sealed by Marquee');
      await panelA.syncNow.click();
      await expect(panelA.status).toHaveAttribute('data-devices-status', 'problem');
      await expect(panelA.status).toContainText('could not be read');
      await panelA.panel.getByText('Details', { exact: true }).click();
      await expect(panelA.problems).toHaveCount(1);
      await expect(panelA.problems).toContainText('seg-000000000001.msync');
      await expect(frameA.status).toContainText('Sync across computers needs a look');
      await panelA.panel.screenshot({
        path: `${SCREENSHOTS}/devices-problem.png`,
        animations: 'disabled',
      });
      expect(await historyCount(page)).toBe(2);
    } finally {
      await pageB.close();
    }
  } finally {
    for (const stack of stacks.reverse()) await stack.close();
    rmSync(shared, { recursive: true, force: true });
  }
});
