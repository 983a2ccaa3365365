import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import {
  jellyfinBody,
  postWebhook,
  startJellyfinStandIn,
  tvdbEpisodeId,
  type JellyfinStandIn,
} from '../../catalogue';
import { expect, startAppStack, test } from '../fixtures';
import { CapturedScreen } from '../pages/captured.page';
import { AppFrame } from '../pages/frame.page';
import { horizontalOverflow, widest } from '../pages/overflow';

/**
 * A media server's text is text Marquee did not write: a 10,000-character word in a title, a user
 * name or a series name, markup where a name should be. The capture views (Settings → Media servers
 * and Captured with its review list) must wrap or truncate it, show it as text, and stay whole, in
 * both schemes and in a narrow window.
 */

const SHOTS = 'test-results/screenshots';
const WORD = 'W'.repeat(10_000);
const MARKUP = '<img src="x" onerror="window.__capturePwned = true">';

async function go(page: Page, hash: string): Promise<void> {
  await page.evaluate((to) => {
    location.hash = to;
  }, hash);
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await horizontalOverflow(page), await widest(page)).toBe(0);
}

async function shots(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({
      path: `${SHOTS}/capture-${name}-${scheme}.png`,
      animations: 'disabled',
    });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('the capture views keep a media server’s hostile names and titles inside the window, as text', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const stack = await startAppStack({ demoLibrary: false });
  let jellyfin: JellyfinStandIn | null = null;
  try {
    jellyfin = await startJellyfinStandIn();
    const frame = new AppFrame(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await frame.open(stack.harness.url);

    await go(page, '#/settings');
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Add a server' }).click();
    const form = main.getByRole('form', { name: 'Add a server' });
    await form.getByRole('radio', { name: 'Jellyfin' }).check();
    await form.getByLabel('Address').fill(jellyfin.url);
    await form.getByLabel('Name (optional)').fill(`${MARKUP}${'N'.repeat(200 - MARKUP.length)}`);
    await form.getByRole('radio', { name: 'An API key' }).check();
    await form.getByLabel('API key', { exact: true }).fill(jellyfin.apiKey);
    await form.getByRole('button', { name: 'Add server' }).click();
    const card = main.locator('[data-media-server="jellyfin"]');
    await card.getByRole('checkbox', { name: 'alice' }).check();
    await expect(card.getByRole('checkbox', { name: 'alice' })).toBeChecked();
    const address = await card.getByLabel('Webhook address').inputValue();
    await card.scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(page);
    await shots(page, 'settings-hostile');

    const alice = jellyfin.users.find((u) => u.name === 'alice');
    if (!alice) throw new Error('the stand-in has no alice');
    const seriesId = stack.catalogue.data.picks.airingThisWeek[0];
    const index = stack.catalogue.data.tv.findIndex((s) => s.id === seriesId);
    if (seriesId === undefined || index < 0) throw new Error('the demo catalogue has no series');
    const at = Date.now() - 60_000;
    // A matched episode whose server-side titles are one endless word and markup.
    const episode = {
      media: 'episode' as const,
      itemId: '0000000000000000000000000000e201',
      title: `${MARKUP}${WORD}`,
      seriesTitle: WORD,
      season: 1,
      episode: 1,
      ids: { tvdb: String(tvdbEpisodeId(index, 1, 1)) },
      runtimeMs: 2_700_000,
      positionMs: 2_690_000,
      completed: true,
      user: { id: alice.id, name: alice.name },
      at,
    };
    expect((await postWebhook(address, jellyfinBody('PlaybackStop', episode))).status).toBe(204);
    // A film the server knows by title alone: it waits for review, its title a 10,000-character word.
    const film = {
      media: 'movie' as const,
      itemId: '0000000000000000000000000000f202',
      title: `${WORD}${MARKUP}`,
      year: 1999,
      runtimeMs: 5_400_000,
      positionMs: 5_390_000,
      completed: true,
      user: { id: alice.id, name: alice.name },
      at,
    };
    expect((await postWebhook(address, jellyfinBody('PlaybackStop', film))).status).toBe(204);

    await go(page, '#/captured');
    const captured = new CapturedScreen(page);
    await expect(captured.heading).toBeVisible();
    await expect(captured.plays).toHaveCount(1);
    await expect(captured.reviewItems).toHaveCount(1);
    // Shown as text, never as markup; bounded, never the whole word.
    await expect(captured.reviewItems.first()).toContainText('<img');
    const reviewText = (await captured.reviewItems.first().textContent()) ?? '';
    expect(reviewText.length).toBeLessThan(2_000);
    expect(await page.evaluate(() => 'capturePwned' in window)).toBe(false);
    await expectNoSidewaysScroll(page);
    await shots(page, 'captured-hostile');

    // The narrowest window Marquee allows: still nothing sideways.
    await page.setViewportSize({ width: 880, height: 900 });
    await expectNoSidewaysScroll(page);
    await shots(page, 'captured-hostile-narrow');
    await go(page, '#/settings');
    await card.scrollIntoViewIfNeeded();
    await expect(card).toBeVisible();
    await expectNoSidewaysScroll(page);
    await shots(page, 'settings-hostile-narrow');
    expect(await page.evaluate(() => 'capturePwned' in window)).toBe(false);
  } finally {
    await page.goto('about:blank');
    await jellyfin?.close();
    await stack.close();
  }
});
