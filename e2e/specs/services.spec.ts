import type { Page } from '@playwright/test';
import { daysUntilArrival, rotatingOn, rotationOf } from '../../catalogue';
import { expect, startAppStack, test } from '../fixtures';
import { AppFrame } from '../pages/frame.page';
import { InboxScreen } from '../pages/inbox.page';
import { invokeOk } from '../pages/lists.page';

const SHOTS = '/work/notes/shots/28';
const INBOX_SHOTS = '/work/notes/shots/24b';
const DAY_MS = 86_400_000;
const NETFLIX = 8;

async function go(page: Page, hash: string): Promise<void> {
  await page.evaluate((to) => {
    location.hash = to;
  }, hash);
}

test('my services: chosen in Settings; in demo mode a watchlisted film arrives on one of them and the inbox says so once', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // One clock for the catalogue and the core, moved by the test: providers change as it moves.
  let shift = 0;
  const stack = await startAppStack({ now: () => Date.now() + shift, demoLibrary: false });
  try {
    const films = stack.catalogue.data.movies;
    // A film Netflix does not stream today and will within a week, and three it streams today.
    const arriving = films.find((m) => {
      const r = rotationOf(m);
      return r.providerId === NETFLIX && !rotatingOn(r, 0);
    });
    const streaming = films
      .filter((m) => {
        const r = rotationOf(m);
        return r.providerId === NETFLIX && rotatingOn(r, 0) && rotatingOn(r, 14);
      })
      .slice(0, 3);
    if (!arriving || streaming.length < 3) throw new Error('the demo catalogue has no such films');
    // Past the fortnight an old film waits between look-ups, on a day Netflix streams it.
    const days = 14 + daysUntilArrival(rotationOf(arriving), 0);

    const frame = new AppFrame(page);
    await frame.open(stack.harness.url);
    await invokeOk(page, 'auth.login', {
      username: stack.catalogue.demoUser,
      password: stack.catalogue.demoPassword,
    });
    for (const film of [arriving, ...streaming])
      await invokeOk(page, 'library.setWatchlist', {
        mediaType: 'movie',
        mediaId: film.id,
        on: true,
      });

    // Settings: the country, then Netflix from the region's services (searched for).
    await go(page, '#/settings');
    const panel = page.getByRole('region', { name: 'My streaming services' });
    await expect(panel).toBeVisible();
    await panel.getByLabel('Country').selectOption('US');
    await panel.getByRole('searchbox', { name: 'Search streaming services' }).fill('netf');
    const netflix = panel.getByRole('button', { name: 'Netflix', exact: true });
    await netflix.click();
    await expect(netflix).toHaveAttribute('aria-pressed', 'true');
    await expect(panel.getByRole('list', { name: 'Your services' })).toContainText('Netflix');
    await panel.getByRole('searchbox', { name: 'Search streaming services' }).fill('');
    // The backlog is not announced: it is summed up once.
    await expect(panel.getByRole('status')).toHaveText(
      /3 titles on your watchlist are on your services\./,
    );
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await panel.scrollIntoViewIfNeeded();
      await page.screenshot({
        path: `${SHOTS}/services-settings-${scheme}.png`,
        animations: 'disabled',
      });
    }
    await page.emulateMedia({ colorScheme: 'light' });

    const inbox = new InboxScreen(page);
    await inbox.open();
    await inbox.checkNow.click();
    await expect(inbox.checkNow).toBeEnabled();
    await expect(inbox.items).toHaveCount(0);

    // Weeks later, the film is on Netflix: one inbox item says so.
    shift = days * DAY_MS;
    await inbox.checkNow.click();
    await expect(inbox.items).toHaveCount(1);
    const item = inbox.items.first();
    await expect(item).toHaveAttribute('data-inbox-item', 'arrival');
    await expect(item).toContainText(arriving.title);
    await expect(item).toContainText('is now on Netflix');
    // The service's logo beside it (the placeholder when the logo never loads).
    await expect(item.locator('[data-inbox-service="Netflix"]')).toBeVisible();
    await expect(item).toHaveAttribute('href', `#/movie/${arriving.id}`);
    await expect(inbox.bell).toHaveAccessibleName('Inbox, 1 unread');
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await page.screenshot({
        path: `${SHOTS}/arrival-inbox-${scheme}.png`,
        animations: 'disabled',
      });
      await page.screenshot({
        path: `${INBOX_SHOTS}/arrival-inbox-logo-${scheme}.png`,
        animations: 'disabled',
      });
    }

    // Checked again a day later: said once.
    shift += DAY_MS;
    await inbox.checkNow.click();
    await expect(inbox.checkNow).toBeEnabled();
    await expect(inbox.items).toHaveCount(1);
  } finally {
    await stack.close();
  }
});
