import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
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
import { UpNextScreen } from '../pages/upnext.page';

const SCREENSHOTS = 'test-results/screenshots';
mkdirSync(SCREENSHOTS, { recursive: true });

async function go(page: Page, hash: string): Promise<void> {
  await page.evaluate((to) => {
    location.hash = to;
  }, hash);
}

/** Settings → Media servers: adds the (stand-in) Jellyfin server with its API key, alice chosen. */
async function addJellyfin(page: Page, jellyfin: JellyfinStandIn): Promise<Locator> {
  await go(page, '#/settings');
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Add a server' }).click();
  const form = main.getByRole('form', { name: 'Add a server' });
  await form.getByRole('radio', { name: 'Jellyfin' }).check();
  await form.getByLabel('Address').fill(jellyfin.url);
  await form.getByRole('radio', { name: 'An API key' }).check();
  await form.getByLabel('API key', { exact: true }).fill(jellyfin.apiKey);
  await form.getByRole('button', { name: 'Add server' }).click();

  // Its accounts are listed: only alice's plays count.
  const card = main.locator('[data-media-server="jellyfin"]');
  await card.getByRole('checkbox', { name: 'alice' }).check();
  await expect(card.getByRole('checkbox', { name: 'alice' })).toBeChecked();
  return card;
}

test('play capture: a Jellyfin server added in Settings, an episode played on it lands in Up Next and Captured, and Undo takes it back', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stack = await startAppStack({ demoLibrary: false });
  let jellyfin: JellyfinStandIn | null = null;
  try {
    jellyfin = await startJellyfinStandIn();
    const frame = new AppFrame(page);
    await frame.open(stack.harness.url);

    // Settings → Media servers: add the (stand-in) Jellyfin server; only alice's plays count.
    const card = await addJellyfin(page, jellyfin);
    const address = await card.getByLabel('Webhook address').inputValue();
    expect(address).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/capture\/[\w-]+$/);
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOTS}/capture-settings.png`, animations: 'disabled' });

    // alice watches S1E1 of a demo series on Jellyfin: its webhook says so.
    const seriesId = stack.catalogue.data.picks.airingThisWeek[0];
    const index = stack.catalogue.data.tv.findIndex((s) => s.id === seriesId);
    if (seriesId === undefined || index < 0) throw new Error('the demo catalogue has no series');
    const alice = jellyfin.users.find((u) => u.name === 'alice');
    if (!alice) throw new Error('the stand-in has no alice');
    const play = {
      media: 'episode' as const,
      itemId: '0000000000000000000000000000e101',
      title: 'Pilot',
      seriesTitle: 'A demo series',
      season: 1,
      episode: 1,
      ids: { tvdb: String(tvdbEpisodeId(index, 1, 1)) },
      runtimeMs: 2_700_000,
      positionMs: 2_690_000,
      completed: true,
      user: { id: alice.id, name: alice.name },
      at: Date.now() - 60_000,
    };
    expect((await postWebhook(address, jellyfinBody('PlaybackStop', play))).status).toBe(204);
    // The same viewing said again is the same play.
    await postWebhook(address, jellyfinBody('UserDataSaved', play));

    // Up Next now has the series, at its next episode.
    const upNext = new UpNextScreen(page);
    await upNext.open();
    await expect(upNext.row(seriesId)).toBeVisible();
    await expect(upNext.row(seriesId)).toContainText('S1E2');

    // Captured lists the one play, from Jellyfin; Undo takes it back everywhere.
    await go(page, '#/captured');
    const captured = new CapturedScreen(page);
    await expect(captured.heading).toBeVisible();
    await expect(captured.plays).toHaveCount(1);
    await expect(captured.plays.first()).toContainText('Jellyfin');
    await expect(captured.plays.first()).toContainText('alice');
    await page.screenshot({ path: `${SCREENSHOTS}/capture-captured.png`, animations: 'disabled' });
    await captured.plays
      .first()
      .getByRole('button', { name: /^Undo the play of / })
      .click();
    await expect(captured.plays).toHaveCount(0);
    await expect(captured.emptyTitle).toBeVisible();
    await upNext.open();
    await expect(upNext.row(seriesId)).toHaveCount(0);
  } finally {
    await jellyfin?.close();
    await stack.close();
  }
});

test('play capture: a back fill still reading stops from Settings, and the plays it read stay', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const stack = await startAppStack({ demoLibrary: false });
  let jellyfin: JellyfinStandIn | null = null;
  let release = (): void => undefined;
  try {
    // More played items than one page: the server answers the first page, then waits.
    jellyfin = await startJellyfinStandIn({ episodes: 600 });
    release = jellyfin.holdLaterPages();
    const frame = new AppFrame(page);
    await frame.open(stack.harness.url);
    const card = await addJellyfin(page, jellyfin);

    await card.getByRole('button', { name: 'Back fill history' }).click();
    const backfill = card.locator('[data-backfill]');
    // Each episode's own ids are looked up on TMDB (the catalogue): the first page takes a while.
    await expect(backfill).toContainText('Reading the history: 200 of 200', { timeout: 120_000 });
    await card.getByRole('button', { name: 'Stop the back fill of Jellyfin' }).click();
    await expect(backfill).toContainText('Stopped; the plays read so far are kept.');
    await expect(card.getByRole('button', { name: /^Stop the back fill/ })).toHaveCount(0);

    // What the first page held is in the history.
    await go(page, '#/captured');
    const captured = new CapturedScreen(page);
    await expect(captured.heading).toBeVisible();
    await expect(captured.plays.first()).toContainText('Jellyfin');
  } finally {
    release();
    await jellyfin?.close();
    await stack.close();
  }
});
