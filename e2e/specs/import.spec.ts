import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Locator, Page } from '@playwright/test';
import { expect, startAppStack, test, type AppStack } from '../fixtures';
import { AppFrame } from '../pages/frame.page';
import { ImportScreen } from '../pages/import.page';
import { invokeOk, ListsScreen } from '../pages/lists.page';
import { MovieTrackingPanel } from '../pages/tracking.page';

const SCREENSHOTS = 'test-results/screenshots';
mkdirSync(SCREENSHOTS, { recursive: true });
const require = createRequire(import.meta.url);

/** axe's serious and critical violations on the page as it is, light and dark, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) {
    await page.evaluate(await readFile(require.resolve('axe-core/axe.min.js'), 'utf8'));
  }
  const found: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    // A string expression: the axe global has no type on this side.
    const seen: unknown = await page.evaluate(`axe.run(document).then((r) => r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => v.id + ': ' + v.nodes.map((n) => n.target.join(' ')).join(', ')))`);
    found.push(
      ...(Array.isArray(seen) ? seen.map((v) => `${scheme}: ${String(v)}`) : ['no answer']),
    );
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return found;
}

interface Sample {
  id: string;
  label: string;
  format: string;
  fileName: string;
}

async function signIn(page: Page, stack: AppStack): Promise<void> {
  await invokeOk(page, 'auth.login', {
    username: stack.catalogue.demoUser,
    password: stack.catalogue.demoPassword,
  });
}

/** Both schemes of the page as it is, for a person to look at. */
async function screenshots(page: Page, name: string): Promise<void> {
  // Only the main region scrolls: a window as tall as its content shows the whole page.
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  const tall = await page.evaluate(() => document.querySelector('main')?.scrollHeight ?? 0);
  await page.setViewportSize({ width: size.width, height: Math.max(size.height, tall + 40) });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({
      path: `${SCREENSHOTS}/import-${name}-${scheme}.png`,
      animations: 'disabled',
    });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(size);
}

/** What a person sees of a profile: the counts of the Lists view and the watch history. */
async function profileState(page: Page, origin: string): Promise<Record<string, string>> {
  const lists = new ListsScreen(page);
  await lists.open(origin);
  const seen: Record<string, string> = {};
  for (const collection of ['Watchlist', 'Rated'] as const) {
    await lists.collectionTab(collection).click();
    for (const media of ['Movies', 'Series'] as const) {
      await lists.mediaTab(media).click();
      // A count over the rows, or the empty state of a collection with none.
      const empty = lists.main.getByRole('heading', { level: 2, name: /yet\.$/ });
      await expect(lists.mediaTab(media)).toHaveAttribute('aria-selected', 'true');
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await expect(lists.summary.or(empty).first()).toBeVisible();
      seen[`${collection} ${media}`] = (await lists.summary.isVisible())
        ? ((await lists.summary.textContent()) ?? '').trim()
        : '0 titles';
    }
  }
  const history = (await invokeOk(page, 'tracking.history', { limit: 1000 })) as {
    total: number;
  };
  seen.history = String(history.total);
  return seen;
}

/** Clicks a button that saves a file, and reads the file. */
async function downloadText(page: Page, button: Locator): Promise<{ name: string; text: string }> {
  const downloading = page.waitForEvent('download');
  await button.click();
  const download = await downloading;
  const path = test.info().outputPath(download.suggestedFilename());
  await download.saveAs(path);
  return { name: download.suggestedFilename(), text: await readFile(path, 'utf8') };
}

/** Resolves every review row of the preview with its first candidate (or skips it). */
async function resolveAll(screen: ImportScreen): Promise<number> {
  await expect(screen.preview).toBeVisible({ timeout: 90_000 });
  const rows = await screen.reviewRows.all();
  for (const row of rows) {
    const candidates = screen.candidates(row);
    if ((await candidates.count()) === 0) {
      await row.getByRole('button', { name: /^Skip/ }).click();
      continue;
    }
    await candidates.first().click();
    await expect(candidates.first()).toHaveAttribute('aria-pressed', 'true');
  }
  return rows.length;
}

/** Runs one staged source from its preview to its result; resolves every review row on the way. */
async function importThrough(screen: ImportScreen): Promise<{ reviewed: number }> {
  const reviewed = await resolveAll(screen);
  if (await screen.nothingNew.isVisible()) return { reviewed };
  await expect(screen.applyButton).toBeEnabled();
  await screen.applyButton.click();
  await expect(screen.result).toBeVisible({ timeout: 120_000 });
  return { reviewed };
}

test('imports every demo sample with review, reaches TMDB, restores a backup into a fresh profile and says “nothing new” on re-import', async ({
  page,
}) => {
  test.setTimeout(420_000);
  const stack = await startAppStack({ messy: true, demoLibrary: false });
  let fresh: AppStack | null = null;
  try {
    const frame = new AppFrame(page);
    await frame.open(stack.harness.url);
    await signIn(page, stack);
    const screen = new ImportScreen(page);
    await screen.open();

    const { samples } = (await invokeOk(page, 'import.samples')) as { samples: Sample[] };
    // TV Time and Simkl have their own spec (import-tvtime-simkl.spec.ts).
    const exports = samples.filter((s) => ['letterboxd', 'imdb', 'trakt'].includes(s.format));
    expect(new Set(exports.map((s) => s.format))).toEqual(new Set(['letterboxd', 'imdb', 'trakt']));
    await expect(screen.samples).toHaveCount(samples.length);
    await screenshots(page, 'choose');
    expect(await seriousViolations(page)).toEqual([]);

    // Each sample: preview (counts, conversion), resolve what needs review, apply, result.
    let reviewed = 0;
    for (const sample of exports) {
      await screen.sample(sample.id).click();
      await expect(screen.preview).toBeVisible({ timeout: 90_000 });
      await expect(screen.counts.locator('[data-kind]').first()).toBeVisible();
      if (sample.format === 'letterboxd') {
        await expect(screen.ratingConversion).toContainText('×2');
      }
      if ((await screen.reviewRows.count()) > 0 && reviewed === 0) {
        await screenshots(page, `preview-${sample.format}`);
        expect(await seriousViolations(page)).toEqual([]);
      }
      const outcome = await importThrough(screen);
      reviewed += outcome.reviewed;
      if (await screen.result.isVisible()) {
        await expect(screen.resultHeading).toHaveText(/^(Import finished|Nothing new)$/);
        if (sample === exports[0]) {
          await screenshots(page, 'result');
          expect(await seriousViolations(page)).toEqual([]);
        }
      }
      await screen.startOver.click();
      await expect(screen.samples.first()).toBeVisible();
    }
    expect(reviewed, 'the samples hold rows that need review').toBeGreaterThan(0);
    await expect(screen.recentJobs).toHaveCount(exports.length, { timeout: 10_000 });

    // History is in Marquee: a film from it shows its play on its page.
    const history = (await invokeOk(page, 'tracking.history', {
      limit: 1000,
      mediaType: 'movie',
    })) as { plays: { mediaId: number }[]; total: number };
    expect(history.total).toBeGreaterThan(0);
    const film = history.plays[0]?.mediaId ?? 0;
    await page.goto(`${stack.harness.origin}/#/movie/${film}`);
    await expect(new MovieTrackingPanel(page).plays.first()).toBeVisible();

    // Ratings and watchlist appear in Lists, and reach the catalogue's account through the outbox.
    const before = await profileState(page, stack.harness.origin);
    expect(Number(before['Watchlist Movies']?.split(' ')[0])).toBeGreaterThan(0);
    expect(Number(before['Rated Movies']?.split(' ')[0])).toBeGreaterThan(0);
    const account = () => [...stack.catalogue.state.accounts.values()][0];
    await expect
      .poll(() => (account()?.watchlist.movie.size ?? 0) + (account()?.watchlist.tv.size ?? 0), {
        timeout: 90_000,
      })
      .toBeGreaterThan(0);
    await expect
      .poll(() => (account()?.ratings.movie.size ?? 0) + (account()?.ratings.tv.size ?? 0), {
        timeout: 90_000,
      })
      .toBeGreaterThan(0);

    // The same file again: nothing new (an ambiguous row is asked again; the same answer adds
    // nothing).
    // The last one imported: an earlier file's ratings may differ from a later one's, and
    // re-importing those would change them back.
    const again = exports.at(-1);
    if (!again) throw new Error('no sample to import again');
    await screen.open();
    await screen.sample(again.id).click();
    await resolveAll(screen);
    await expect(screen.nothingNew).toBeVisible();
    await expect(screen.nothingNew).toContainText('Nothing new');
    await expect(screen.applyButton).toBeDisabled();
    await screenshots(page, 'nothing-new');
    await screen.startOver.click();

    // A backup, downloaded as the user would.
    const downloading = page.waitForEvent('download');
    await screen.exportBackup.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.json$/);
    const backupPath = test.info().outputPath(download.suggestedFilename());
    await download.saveAs(backupPath);
    const backupText = await readFile(backupPath, 'utf8');
    expect(backupText).toContain('"marquee-backup"');
    expect(backupText).not.toContain(stack.catalogue.accessToken);

    // Files for other tools: Letterboxd's importer, IMDb's ratings columns, one list as CSV and JSON.
    const letterboxd = await downloadText(page, screen.exportButton('Letterboxd CSV'));
    expect(letterboxd.name).toMatch(/\.csv$/);
    expect(letterboxd.text.split('\n')[0]).toMatch(/Title/);
    expect(letterboxd.text.trim().split('\n').length).toBeGreaterThan(1);
    const imdb = await downloadText(page, screen.exportButton('IMDb ratings CSV'));
    expect(imdb.text.split('\n')[0]).toMatch(/Const/);
    expect(imdb.text.trim().split('\n').length).toBeGreaterThan(1);
    // The imported list exports as CSV and JSON.
    await expect(screen.listChoice).toBeVisible();
    const listCsv = await downloadText(page, screen.exportButton('CSV'));
    expect(listCsv.text.trim().split('\n').length).toBeGreaterThan(1);
    const listJson = await downloadText(page, screen.exportButton('JSON'));
    expect(() => JSON.parse(listJson.text) as unknown).not.toThrow();

    // The Lists view exports the open list too.
    const lists = new ListsScreen(page);
    await lists.open(stack.harness.origin);
    await lists.collectionTab('Lists').click();
    await lists.customList('Late-night picks').getByRole('button').first().click();
    await expect(lists.main.locator('[data-list-name]')).toContainText('Late-night picks');
    const fromLists = await downloadText(
      page,
      lists.main.getByRole('button', { name: 'Export CSV', exact: true }),
    );
    expect(fromLists.text.trim().split('\n').length).toBeGreaterThan(1);
    await screen.open();

    // A fresh profile on a fresh account: restore through the upload, see the same state.
    fresh = await startAppStack({ messy: true, demoLibrary: false });
    await frame.open(fresh.harness.url);
    await signIn(page, fresh);
    expect((await profileState(page, fresh.harness.origin)).history).toBe('0');
    await screen.open();
    await screen.restoreInput.setInputFiles(backupPath);
    await expect(screen.restorePlan).toBeVisible({ timeout: 90_000 });
    await expect(screen.restorePlan).toContainText('nothing here is deleted');
    await expect(screen.restorePlan.locator('[data-restore="plays"]')).toContainText(
      `Add ${Number(before.history).toLocaleString('en-GB')} play`,
    );
    await screenshots(page, 'restore-plan');
    await screen.applyButton.click();
    await expect(screen.result).toBeVisible({ timeout: 120_000 });
    expect(await profileState(page, fresh.harness.origin)).toEqual(before);

    // Restoring the same backup again merges nothing.
    await screen.open();
    await screen.restoreInput.setInputFiles(backupPath);
    await expect(screen.nothingNew).toBeVisible({ timeout: 90_000 });
  } finally {
    // Leave the page first: closing a stack under it cuts its event stream mid-message.
    await page.goto('about:blank');
    await fresh?.close();
    await stack.close();
  }
});

test('a file chosen in the file input is read by the core; a picture renamed .csv is refused with a clear message', async ({
  page,
  stack,
}) => {
  test.setTimeout(120_000);
  const frame = new AppFrame(page);
  await frame.open(stack.harness.url);
  const screen = new ImportScreen(page);
  await screen.open();

  // A PNG named like a CSV: the core reads the bytes, not the name.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  await screen.fileInput.setInputFiles({ name: 'ratings.csv', mimeType: 'text/csv', buffer: png });
  await expect(screen.error).toBeVisible({ timeout: 30_000 });
  await expect(screen.error).toContainText('Marquee could not import this');
  await expect(screen.error).toContainText('ratings.csv');
  await screenshots(page, 'bad-file');
  await screen.startOver.click();

  // An IMDb ratings export, through the same input, with a 10,000-character title TMDB lacks.
  const discovered = (await invokeOk(page, 'browse.discoverMovies', { page: 1 })) as {
    data: { results: { id: number; title: string; release_date?: string }[] };
  };
  const films = discovered.data.results.slice(0, 3);
  const header =
    'Const,Your Rating,Date Rated,Title,Original Title,URL,Title Type,IMDb Rating,Runtime (mins),Year,Genres,Num Votes,Release Date,Directors';
  const lines = films.map(
    (film, i) =>
      `tt99${String(film.id).padStart(6, '0')},${7 + (i % 3)},2024-01-0${i + 1},"${film.title}","${film.title}",https://www.imdb.com/title/tt0/,Movie,7.0,100,${(film.release_date ?? '2000').slice(0, 4)},Drama,100,2000-01-01,Someone`,
  );
  lines.push(
    `tt0000001,8,2024-02-01,"${'Very long title '.repeat(625)}","",https://www.imdb.com/title/tt0000001/,Movie,7.0,100,1999,Drama,100,1999-01-01,Someone`,
  );
  await screen.fileInput.setInputFiles({
    name: 'ratings.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from([header, ...lines].join('\n')),
  });
  await expect(screen.preview).toBeVisible({ timeout: 90_000 });
  await expect(screen.preview).toContainText('IMDb');
  await expect(screen.count('ratings')).toBeVisible();
  // The long title stays inside the page, opened or not: nothing scrolls sideways.
  await screen.main.locator('[data-unmatched] summary').click();
  const overflow = await page.evaluate(() => {
    const main = document.querySelector('main');
    return main ? main.scrollWidth - main.clientWidth : 0;
  });
  expect(overflow).toBeLessThanOrEqual(1);
  await screenshots(page, 'upload-preview');
  await screen.startOver.click();
});

test('a large file shows its progress and can be cancelled; the job stays in the recent list', async ({
  page,
  stack,
}) => {
  test.setTimeout(180_000);
  const frame = new AppFrame(page);
  await frame.open(stack.harness.url);
  const screen = new ImportScreen(page);
  await screen.open();

  // 4,000 ratings of titles TMDB does not have: each is looked up, which takes a while.
  const header = 'Const,Your Rating,Date Rated,Title,URL,Title Type,Year';
  const lines = Array.from(
    { length: 4000 },
    (_, i) =>
      `tt${String(9_000_000 + i)},${(i % 10) + 1},2024-01-01,"Unheard Film Number ${i}",https://www.imdb.com/title/tt${String(9_000_000 + i)}/,Movie,${1950 + (i % 70)}`,
  );
  await screen.fileInput.setInputFiles({
    name: 'big ratings.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from([header, ...lines].join('\n')),
  });
  await expect(screen.progress).toBeVisible({ timeout: 30_000 });
  const bar = screen.progress.getByRole('progressbar');
  await expect(bar).toBeVisible();
  // The bar moves as titles are matched.
  await expect(screen.progress).toContainText(/\b[1-9][\d,]* of 4,000\s+titles/, {
    timeout: 30_000,
  });
  await expect(bar).not.toHaveAttribute('aria-valuenow', '100');
  await screenshots(page, 'progress');
  await screen.cancelButton.click();
  await expect(screen.resultHeading).toHaveText('Import cancelled', { timeout: 30_000 });
  await expect(screen.recentJobs.filter({ hasText: 'big ratings.csv' })).toContainText('Cancelled');
});
