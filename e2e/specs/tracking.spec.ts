import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { expect, startAppStack, test } from '../fixtures';
import { AppFrame } from '../pages/frame.page';
import { InboxScreen } from '../pages/inbox.page';
import { invokeOk } from '../pages/lists.page';
import { MovieTrackingPanel, SeriesTrackingPanel } from '../pages/tracking.page';
import { UpcomingScreen } from '../pages/upcoming.page';
import { UpNextScreen } from '../pages/upnext.page';

const SCREENSHOTS = 'test-results/screenshots';
mkdirSync(SCREENSHOTS, { recursive: true });
const require = createRequire(import.meta.url);
const DAY_MS = 86_400_000;

/** axe's serious and critical violations on the page as it is, one line each. */
async function seriousViolations(page: Page, axeSource: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  // A string expression: the axe global has no type on this side.
  const found: unknown = await page.evaluate(`axe.run(document).then((r) => r.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => v.id + ': ' + v.nodes.map((n) => n.target.join(' ')).join(', ')))`);
  return Array.isArray(found) ? found.map(String) : ['axe gave no answer'];
}

async function go(page: Page, hash: string): Promise<void> {
  await page.evaluate((to) => {
    location.hash = to;
  }, hash);
}

test('watch tracking: mark episodes, Up Next advances, the calendar shows what airs, a new episode reaches the inbox once, offline too', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // One clock for the catalogue and the core, moved by the test: an episode "airs" when it moves.
  let shift = 0;
  const stack = await startAppStack({ now: () => Date.now() + shift, demoLibrary: false });
  try {
    const seriesId = stack.catalogue.data.picks.airingThisWeek[0];
    if (seriesId === undefined) throw new Error('the demo catalogue has no airing series');
    const frame = new AppFrame(page);
    await frame.open(stack.harness.url);

    const upNext = new UpNextScreen(page);
    await upNext.open();
    await expect(upNext.empty).toBeVisible();
    await expect(upNext.main).toContainText('kept by Marquee on this computer, not by TMDB');

    // The series page: everything up to S1E2 watched at once.
    await go(page, `#/tv/${seriesId}`);
    const series = new SeriesTrackingPanel(page);
    await series.upToHere(1, 2).click();
    await expect(series.watched(1, 2)).toHaveAttribute('aria-pressed', 'true');
    await expect(series.watched(1, 1)).toHaveAttribute('aria-pressed', 'true');
    await expect(series.progressText).toContainText(/^2 of \d+ episodes · \d+%$/);
    await expect(series.status).toHaveText('Returning series');
    await series.progress.scrollIntoViewIfNeeded();
    await page.screenshot({
      path: `${SCREENSHOTS}/tracking-series-hero.png`,
      animations: 'disabled',
    });
    await series.watched(1, 1).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOTS}/tracking-series.png`, animations: 'disabled' });

    // Unmark with Undo: the play comes back exactly.
    await series.watched(1, 2).click();
    await expect(series.watched(1, 2)).toHaveAttribute('aria-pressed', 'false');
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(series.watched(1, 2)).toHaveAttribute('aria-pressed', 'true');

    // Up Next shows S1E3; marking it advances the row in place to S1E4.
    await upNext.open();
    await expect(upNext.rows).toHaveCount(1);
    await expect(upNext.code(seriesId)).toHaveText('S1E3');
    await page.screenshot({ path: `${SCREENSHOTS}/tracking-upnext.png`, animations: 'disabled' });
    await upNext.markWatched(seriesId).click();
    await expect(upNext.code(seriesId)).toHaveText('S1E4');
    await expect(upNext.rows).toHaveCount(1);

    // Snooze from the row's menu (keyboard), then Undo brings the row back.
    await upNext.more(seriesId).click();
    await expect(upNext.menuItem('Snooze for a day')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(upNext.rows).toHaveCount(0);
    await page.getByRole('button', { name: 'Undo' }).last().click();
    await expect(upNext.code(seriesId)).toHaveText('S1E4');

    // The calendar: the series' next episode, in the agenda and in the month grid.
    const upcoming = new UpcomingScreen(page);
    await upcoming.open();
    await expect(upcoming.agenda.locator(`a[href="#/tv/${seriesId}"]`).first()).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/tracking-upcoming.png`, animations: 'disabled' });
    await upcoming.showMonth();
    const today = upcoming.monthGrid.locator('td[tabindex="0"]');
    await today.focus();
    const day = await today.getAttribute('data-day');
    await page.keyboard.press('ArrowDown');
    await expect(upcoming.monthGrid.locator('td[tabindex="0"]')).not.toHaveAttribute(
      'data-day',
      day ?? '',
    );
    await expect(upcoming.monthGrid.locator('td[tabindex="0"]')).toBeFocused();
    await page.screenshot({ path: `${SCREENSHOTS}/tracking-month.png`, animations: 'disabled' });

    // Move the clock to the day the next episode airs, check, and see exactly one new item.
    const calendar = (await invokeOk(page, 'tracking.calendar', {})) as {
      window: { from: string };
      events: { kind: string; date: string; seriesId?: number }[];
    };
    const todayDay = new Date(Date.parse(`${calendar.window.from}T00:00:00Z`) + 7 * DAY_MS)
      .toISOString()
      .slice(0, 10);
    const next = calendar.events.find(
      (e) => e.kind === 'episode' && e.seriesId === seriesId && e.date > todayDay,
    );
    if (!next) throw new Error('the series has no upcoming episode in the calendar');
    const inbox = new InboxScreen(page);
    await inbox.open();
    await inbox.checkNow.click();
    await expect(inbox.checkNow).toBeEnabled();
    const before = await inbox.items.count();
    shift = Date.parse(`${next.date}T12:00:00Z`) - Date.parse(`${todayDay}T12:00:00Z`);
    await inbox.checkNow.click();
    await expect(inbox.items).toHaveCount(before + 1);
    await expect(inbox.bell).toHaveAccessibleName('Inbox, 1 unread');
    await page.screenshot({ path: `${SCREENSHOTS}/tracking-inbox.png`, animations: 'disabled' });
    await inbox.markAllRead.click();
    await expect(inbox.bell).toHaveAccessibleName('Inbox, nothing new');

    // Offline: Up Next, the calendar and the inbox are Marquee's own data and keep working.
    stack.catalogue.faults.set([{ kind: 'drop' }]);
    await upNext.open();
    await upNext.markWatched(seriesId).click();
    await expect(upNext.code(seriesId)).toHaveText('S1E5');
    await upcoming.open();
    await expect(upcoming.agenda.locator(`a[href="#/tv/${seriesId}"]`).first()).toBeVisible();
    await inbox.open();
    await expect(inbox.items).toHaveCount(before + 1);
    stack.catalogue.faults.clear();

    // A film: watched now, then again (a rewatch); removing a viewing offers Undo.
    const film = stack.catalogue.data.picks.library.watchlist.movie.find(
      (id) => !stack.catalogue.data.picks.upcomingFilms.includes(id),
    );
    if (film === undefined) throw new Error('the demo catalogue has no released film');
    await go(page, `#/movie/${film}`);
    const movie = new MovieTrackingPanel(page);
    await movie.markWatched.click();
    await expect(movie.plays).toHaveCount(1);
    await movie.markWatched.click();
    await expect(movie.plays).toHaveCount(2);
    await movie.plays
      .first()
      .getByRole('button', { name: /^Remove/ })
      .click();
    await expect(movie.plays).toHaveCount(1);
    await page.getByRole('button', { name: 'Undo' }).last().click();
    await expect(movie.plays).toHaveCount(2);
    await movie.panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOTS}/tracking-film.png`, animations: 'disabled' });

    // Settings → Notifications: the opt-in for system notifications is saved.
    await go(page, '#/settings');
    const notify = page.getByRole('checkbox', { name: /^Show a system notification/ });
    await expect(notify).not.toBeChecked();
    await notify.check();
    await expect
      .poll(
        async () =>
          ((await invokeOk(page, 'settings.get')) as { osNotifications: boolean }).osNotifications,
      )
      .toBe(true);
    await page
      .getByRole('region', { name: 'Notifications' })
      .screenshot({ path: `${SCREENSHOTS}/tracking-settings.png`, animations: 'disabled' });

    // axe on the new views, light and dark.
    const axeSource = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const open of [
        () => upNext.open(),
        () => upcoming.open(),
        async () => {
          await upcoming.open();
          await upcoming.showMonth();
        },
        () => inbox.open(),
      ]) {
        await open();
        expect(await seriousViolations(page, axeSource)).toEqual([]);
      }
      await go(page, `#/tv/${seriesId}`);
      await expect(series.watched(1, 1)).toBeVisible();
      expect(await seriousViolations(page, axeSource)).toEqual([]);
      if (scheme === 'dark') {
        await page.screenshot({
          path: `${SCREENSHOTS}/tracking-series-dark.png`,
          animations: 'disabled',
        });
        await upNext.open();
        await page.screenshot({
          path: `${SCREENSHOTS}/tracking-upnext-dark.png`,
          animations: 'disabled',
        });
      }
    }
  } finally {
    await stack.close();
  }
});

test('Upcoming shows the demo account’s airing series and coming films, by day and by month', async ({
  page,
}) => {
  const stack = await startAppStack({ demoLibrary: true });
  try {
    const { picks } = stack.catalogue.data;
    const series = picks.library.watchlist.tv.filter((id) => picks.airingThisWeek.includes(id));
    const films = picks.library.watchlist.movie.filter((id) => picks.upcomingFilms.includes(id));
    expect(series.length).toBeGreaterThan(0);
    expect(films.length).toBeGreaterThan(0);
    const frame = new AppFrame(page);
    await frame.open(stack.harness.url);
    await invokeOk(page, 'auth.login', {
      username: stack.catalogue.demoUser,
      password: stack.catalogue.demoPassword,
    });
    // The account's watchlist arrives with the sign-in's pull; a refresh then stores its series.
    await expect
      .poll(async () => {
        await invokeOk(page, 'tracking.refresh', {});
        const calendar = (await invokeOk(page, 'tracking.calendar', {})) as {
          events: { kind: string; seriesId?: number; movieId?: number }[];
        };
        return (
          series.every((id) => calendar.events.some((e) => e.seriesId === id)) &&
          films.some((id) => calendar.events.some((e) => e.movieId === id))
        );
      })
      .toBe(true);

    const upcoming = new UpcomingScreen(page);
    await upcoming.open();
    for (const id of series)
      await expect(upcoming.agenda.locator(`a[href="#/tv/${id}"]`).first()).toBeVisible();
    // A film shows its release type (not every coming film has a release in the user's region).
    await expect(upcoming.agenda.locator('[data-event="release"]').first()).toContainText(
      /Theatrical|Digital|Physical|Premiere|Limited release|On TV/,
    );
    await page.screenshot({ path: `${SCREENSHOTS}/tracking-upcoming-demo.png`, fullPage: true });
    await upcoming.showMonth();
    await page.screenshot({
      path: `${SCREENSHOTS}/tracking-month-demo.png`,
      animations: 'disabled',
    });
  } finally {
    await stack.close();
  }
});
