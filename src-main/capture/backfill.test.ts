import { afterEach, describe, expect, it } from 'vitest';
import { EVENING, HOUR } from './testing/events';
import { captureHarness, type Harness } from './testing/harness';
import type { BackfillItem, ConnectorFactory } from './types';

const item = (over: Partial<BackfillItem>): BackfillItem => ({
  server: 'plex',
  serverId: 'x',
  account: '1',
  itemKey: 'k',
  media: 'movie',
  ids: {},
  title: null,
  year: null,
  season: null,
  episode: null,
  playCount: 1,
  lastPlayedAt: EVENING - 48 * HOUR,
  ...over,
});

/** A Plex-like client whose backfill gives these pages, then fails when `vanish` is set. */
function pagesConnector(pages: BackfillItem[][], vanish = false): ConnectorFactory {
  return () => ({
    test: () => Promise.resolve([{ id: '1', name: 'Anna' }]),
    async backfill(onPage, signal) {
      for (const page of pages) {
        if (signal.aborted) return;
        await onPage(page);
      }
      if (vanish)
        throw new Error('Plex at http://127.0.0.1:32400?X-Plex-Token=abc123secret went away.');
    },
  });
}

describe('capture service: backfill', () => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  async function plexServer(pages: BackfillItem[][], vanish = false): Promise<string> {
    h = captureHarness({ connectors: { plex: pagesConnector(pages, vanish) } });
    const view = await h.capture.addServer({
      kind: 'plex',
      url: 'http://127.0.0.1:32400',
      auth: { kind: 'token', token: 'abc123secret' },
    });
    await h.capture.updateServer(view.id, { chosenAccounts: ['1'] });
    return view.id;
  }

  it('reads pages into plays and review items, and reports its progress', async () => {
    const id = await plexServer([
      [
        item({ itemKey: 'a', ids: { tmdb: '550' } }),
        item({ itemKey: 'b', media: 'episode', ids: { tvdb: '349232' }, season: 1, episode: 1 }),
      ],
      [
        item({ itemKey: 'c', title: 'Home movie' }),
        item({ itemKey: 'd', ids: { tmdb: '13' }, account: '2' }),
        item({ itemKey: 'e', ids: { tmdb: '14' }, playCount: 0 }),
      ],
    ]);
    const first = await h.capture.backfill(id);
    expect(first).toMatchObject({ serverId: id, running: true });
    await h.capture.idle();
    expect(h.progress.at(-1)).toEqual({
      serverId: id,
      running: false,
      done: 5,
      total: 5,
      added: 2,
      review: 1,
      failed: 0,
      message: null,
    });
    expect(
      h.capture
        .captured(10, 0)
        .plays.map((p) => p.mediaId)
        .sort(),
    ).toEqual([1396, 550]);
    expect(h.capture.review()).toEqual([
      expect.objectContaining({ title: 'Home movie', reason: 'The server gave only a title.' }),
    ]);
  });

  it('adds nothing twice when run again, and asks TMDB nothing it already knows', async () => {
    const id = await plexServer([
      [item({ itemKey: 'b', media: 'episode', ids: { tvdb: '349232' }, season: 1, episode: 1 })],
    ]);
    await h.capture.backfill(id);
    await h.capture.idle();
    await h.capture.backfill(id);
    await h.capture.idle();
    expect(h.progress.at(-1)).toMatchObject({ running: false, done: 1, added: 0 });
    expect(h.find.calls).toEqual(['tvdb_id:349232']);
    expect(h.tracking.tracking.plays({ scope: 'series', seriesId: 1396 })).toHaveLength(1);
  });

  it('keeps what was written when the server vanishes halfway, and says so without its token', async () => {
    const id = await plexServer([[item({ itemKey: 'a', ids: { tmdb: '550' } })]], true);
    await h.capture.backfill(id);
    await h.capture.idle();
    const last = h.progress.at(-1);
    expect(last).toMatchObject({ running: false, added: 1 });
    expect(last?.message).toMatch(
      /^The server stopped answering: .*The plays read so far are kept\.$/,
    );
    expect(last?.message).not.toContain('abc123secret');
    expect(h.capture.captured(10, 0).total).toBe(1);
  });

  it('refuses to start before accounts are chosen', async () => {
    h = captureHarness({ connectors: { plex: pagesConnector([]) } });
    const view = await h.capture.addServer({
      kind: 'plex',
      url: 'http://127.0.0.1:32400',
      auth: { kind: 'token', token: 'abc123secret' },
    });
    await expect(h.capture.backfill(view.id)).rejects.toThrow(/Choose the accounts/);
  });
});
