import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { expect, startAppStack, test } from '../fixtures';
import { AppFrame } from '../pages/frame.page';
import { invokeOk } from '../pages/lists.page';
import { StatsScreen, YearReviewScreen, type ChartPanel } from '../pages/stats.page';

const SCREENSHOTS = 'test-results/screenshots';
mkdirSync(SCREENSHOTS, { recursive: true });
const require = createRequire(import.meta.url);

/** axe's serious and critical violations on the page as it is, one line each. */
async function seriousViolations(page: Page, axeSource: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  // A string expression: the axe global has no type on this side.
  const found: unknown = await page.evaluate(`axe.run(document).then((r) => r.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => v.id + ': ' + v.nodes.map((n) => n.target.join(' ')).join(', ')))`);
  return Array.isArray(found) ? found.map(String) : ['axe gave no answer'];
}

/**
 * The chart's points, read from their accessible labels, against its table's rows turned into the
 * same sentences: the two must say the same numbers.
 */
async function expectTableMatches(
  chart: ChartPanel,
  sentence: (cells: string[]) => string,
): Promise<void> {
  const labels = await chart.pointLabels();
  expect(labels.length).toBeGreaterThan(0);
  await chart.tableToggle.click();
  const rows = await chart.tableRows();
  expect(rows.map(sentence)).toEqual(labels);
  await chart.tableToggle.click();
  await expect(chart.points.first()).toBeVisible();
}

const CHARTS = [
  'Time watched',
  'Genres',
  'Decades',
  'Original languages',
  'Countries',
  'Rating distribution',
  'You against TMDB',
  'Days of the week',
];

test('stats: every chart shows with numbers its table repeats, keyboard and hover reach each point, the year in review saves a PNG, axe passes', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const axeSource = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  const stack = await startAppStack({ demoHistory: true });
  try {
    const frame = new AppFrame(page);
    await frame.open(stack.harness.url);
    // Signed in, the demo account's ratings reach the library: the ratings charts have data.
    await invokeOk(page, 'auth.login', {
      username: stack.catalogue.demoUser,
      password: stack.catalogue.demoPassword,
    });
    const stats = new StatsScreen(page);
    await stats.open();
    // The facts behind the figures (runtimes, genres, credits) arrive in the background; the page
    // says so while they do, then the notice goes.
    await expect(stats.number('Hours watched')).toBeVisible();
    await expect(stats.coverageNotice).toHaveCount(0, { timeout: 60_000 });
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);

    for (const title of CHARTS) {
      const chart = stats.chart(title);
      await expect(chart.figure, title).toBeVisible();
      await expect(chart.summary, title).not.toBeEmpty();
      await expect(chart.points.first(), title).toBeVisible({ timeout: 20_000 });
    }
    await expect(stats.people.first()).toBeVisible();
    await expect(stats.number('Hours watched')).not.toHaveText(/^0\b/);

    // Tables say what the charts say.
    await expectTableMatches(stats.chart('Time watched'), ([period, time]) => `${period}: ${time}`);
    await expectTableMatches(
      stats.chart('Rating distribution'),
      ([rating, mine, tmdb]) => `Rated ${rating}: Your ratings ${mine}, TMDB averages ${tmdb}`,
    );
    await expectTableMatches(stats.chart('Days of the week'), ([day, plays]) => `${day}: ${plays}`);

    // The keyboard reaches every column of a chart: one Tab stop, arrows move, Home and End jump;
    // the focused column's tooltip shows its numbers.
    const time = stats.chart('Time watched');
    const count = await time.points.count();
    await expect(time.figure.locator('[data-point][tabindex="0"]')).toHaveCount(1);
    await time.points.last().focus();
    await page.keyboard.press('Home');
    await expect(time.points.first()).toBeFocused();
    await page.keyboard.press('ArrowRight');
    if (count > 1) await expect(time.points.nth(1)).toBeFocused();
    await page.keyboard.press('End');
    await expect(time.points.last()).toBeFocused();
    const lastLabel = (await time.points.last().getAttribute('aria-label')) ?? '';
    const tip = time.figure.locator('.tip');
    await expect(tip).toBeVisible();
    await expect(tip).toContainText(lastLabel.split(':')[0] ?? '');
    await time.figure.screenshot({ path: `${SCREENSHOTS}/stats-chart-focus.png` });
    // Hover shows the same.
    await stats.chart('Days of the week').points.nth(5).hover();
    await expect(stats.chart('Days of the week').figure.locator('.tip')).toContainText('Saturday');

    // Films only: the episodes count drops to zero and the charts stay.
    await stats.filter('Films').check();
    await expect(stats.number('Episodes')).toContainText(/^0/);
    await expect(stats.chart('Genres').points.first()).toBeVisible();
    await stats.filter('Films & series').check();
    await expect(stats.number('Episodes')).not.toContainText(/^0\b/);

    // Only the main region scrolls: a tall window shows the whole page in one picture.
    await page.setViewportSize({ width: 1280, height: 4600 });
    // One table open, so axe checks the table view too.
    await stats.chart('Genres').tableToggle.click();
    await expect(stats.chart('Genres').table).toBeVisible();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: `${SCREENSHOTS}/stats-${scheme}.png` });
      expect(await seriousViolations(page, axeSource), `stats (${scheme})`).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await stats.chart('Genres').tableToggle.click();

    // The year in review of the latest year with history.
    const firstYear = stats.years.first();
    const yearText = (await firstYear.locator('.year').textContent()) ?? '';
    const year = Number(yearText.trim());
    expect(year).toBeGreaterThan(1900);
    await firstYear.click();
    const review = new YearReviewScreen(page);
    await expect(review.heading(year)).toBeVisible();
    await expect(review.chart('Month by month').points).toHaveCount(12);
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expectTableMatches(
      review.chart('Month by month'),
      ([month, time]) => `${month}: ${time}`,
    );

    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: `${SCREENSHOTS}/stats-year-${scheme}.png` });
      expect(await seriousViolations(page, axeSource), `year in review (${scheme})`).toEqual([]);
    }

    const [download] = await Promise.all([page.waitForEvent('download'), review.saveImage.click()]);
    expect(download.suggestedFilename()).toBe(`marquee-${year}-in-review.png`);
    const file = testInfo.outputPath(download.suggestedFilename());
    await download.saveAs(file);
    const png = await readFile(file);
    // The PNG signature, then the IHDR chunk with the card's size.
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.readUInt32BE(16)).toBe(1080);
    expect(png.readUInt32BE(20)).toBe(1350);
    expect(png.length).toBeGreaterThan(30_000);
    await expect(page.getByText(`Saved marquee-${year}-in-review.png`)).toBeVisible();
    await testInfo.attach('year-card', { path: file, contentType: 'image/png' });
  } finally {
    await stack.close();
  }
});

test('stats: an empty history shows a friendly way to start', async ({ page }) => {
  const stack = await startAppStack({ demoLibrary: false });
  try {
    const frame = new AppFrame(page);
    await frame.open(stack.harness.url);
    const stats = new StatsScreen(page);
    await stats.open();
    await expect(stats.emptyTitle).toBeVisible();
    await expect(stats.main.getByRole('link', { name: 'Find something to watch' })).toHaveAttribute(
      'href',
      '#/browse',
    );
    await expect(stats.main.getByRole('link', { name: 'Import your history' })).toBeVisible();
    // No charts of zeros.
    await expect(stats.main.locator('figure')).toHaveCount(0);
    await page.screenshot({ path: `${SCREENSHOTS}/stats-empty.png` });

    // A year with no plays says so too.
    await page.evaluate(() => {
      location.hash = '#/stats/year/2019';
    });
    const review = new YearReviewScreen(page);
    await expect(review.heading(2019)).toBeVisible();
    await expect(
      stats.main.getByRole('heading', { level: 2, name: 'Nothing watched in 2019' }),
    ).toBeVisible();
    await expect(review.saveImage).toHaveCount(0);
  } finally {
    await stack.close();
  }
});

test('stats: messy TMDB data (null names, 10,000-character strings, vanished titles) never blanks the page', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stack = await startAppStack({ demoHistory: true, messy: true });
  try {
    const frame = new AppFrame(page);
    await frame.open(stack.harness.url);
    const stats = new StatsScreen(page);
    await stats.open();
    await expect(stats.coverageNotice).toHaveCount(0, { timeout: 60_000 });
    for (const title of ['Time watched', 'Genres', 'Countries', 'Days of the week']) {
      await expect(stats.chart(title).points.first(), title).toBeVisible();
    }
    // Long names stay inside their cards: the page never scrolls sideways.
    const overflow = await stats.main.evaluate((main) => main.scrollWidth - main.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await stats.years.first().click();
    await expect(page.getByRole('button', { name: 'Save as image (.png)' })).toBeVisible();
    await expect(new YearReviewScreen(page).chart('Month by month').points).toHaveCount(12);
  } finally {
    await stack.close();
  }
});
