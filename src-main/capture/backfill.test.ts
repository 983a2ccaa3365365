import { afterEach, describe, expect, it, vi } from 'vitest';
import { BACKFILL_CHUNK } from './backfill';
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

  /** Counts the captured plays each outermost transaction writes. */
  function chunkSizes(): { sizes: number[]; turns: number[] } {
    const sizes: number[] = [];
    // The event loop's turns (a setImmediate chain) seen as each transaction starts.
    const turns: number[] = [];
    let turn = 0;
    const next = (): void => {
      turn += 1;
      if (turn < 10_000) setImmediate(next);
    };
    setImmediate(next);
    let depth = 0;
    const write = h.t.changes.write.bind(h.t.changes);
    vi.spyOn(h.t.changes, 'write').mockImplementation(<T>(fn: () => T): T => {
      if (depth === 0) {
        sizes.push(0);
        turns.push(turn);
      }
      depth += 1;
      try {
        return write(fn);
      } finally {
        depth -= 1;
      }
    });
    const add = h.store.links.add.bind(h.store.links);
    vi.spyOn(h.store.links, 'add').mockImplementation((link) => {
      add(link);
      sizes[sizes.length - 1] = (sizes.at(-1) ?? 0) + 1;
    });
    return { sizes, turns };
  }

  const films = (n: number): BackfillItem[] =>
    Array.from({ length: n }, (_, i) =>
      item({ itemKey: `f${String(i)}`, ids: { tmdb: String(1000 + i) } }),
    );

  it('writes a long page in bounded transactions, yielding between them', async () => {
    const id = await plexServer([films(BACKFILL_CHUNK * 2 + 50)]);
    const { sizes, turns } = chunkSizes();
    await h.capture.backfill(id);
    await h.capture.idle();
    const written = sizes.filter((n) => n > 0);
    const chunkTurns = turns.filter((_, i) => (sizes[i] ?? 0) > 0);
    expect(chunkTurns.every((t, i) => i === 0 || t > (chunkTurns[i - 1] ?? t))).toBe(true);
    expect(written.reduce((a, b) => a + b, 0)).toBe(BACKFILL_CHUNK * 2 + 50);
    expect(Math.max(...written)).toBeLessThanOrEqual(BACKFILL_CHUNK);
    expect(written.length).toBeGreaterThanOrEqual(3);
    expect(h.progress.at(-1)).toMatchObject({ running: false, done: 250, added: 250, failed: 0 });
  });

  it('loses only the item that cannot be written when a transaction fails halfway', async () => {
    const id = await plexServer([films(BACKFILL_CHUNK + 20)]);
    const add = h.store.links.add.bind(h.store.links);
    vi.spyOn(h.store.links, 'add').mockImplementation((link) => {
      if (link.itemKey === 'f42') throw new Error('disk full');
      add(link);
    });
    await h.capture.backfill(id);
    await h.capture.idle();
    expect(h.progress.at(-1)).toMatchObject({
      running: false,
      done: BACKFILL_CHUNK + 20,
      added: BACKFILL_CHUNK + 19,
      failed: 1,
      message: null,
    });
    expect(h.capture.captured(500, 0).total).toBe(BACKFILL_CHUNK + 19);
    // Its play went with its transaction: nothing half-written.
    expect(h.tracking.tracking.plays({ scope: 'movie', movieId: 1042 })).toEqual([]);
    expect(h.tracking.tracking.plays({ scope: 'movie', movieId: 1041 })).toHaveLength(1);
  });

  it('keeps TMDB’s answers in the library with the plays, and asks nothing twice', async () => {
    const id = await plexServer([
      [
        item({ itemKey: 'b', media: 'episode', ids: { tvdb: '349232' }, season: 1, episode: 1 }),
        item({ itemKey: 's', ids: { imdb: 'tt0111161' } }),
      ],
    ]);
    await h.capture.backfill(id);
    await h.capture.idle();
    expect(h.store.ids.get('tvdb_id:episode', '349232')).toMatchObject({ tmdbId: 1396 });
    expect(h.store.ids.get('imdb_id:movie', 'tt0111161')).toMatchObject({ tmdbId: 278 });
    await h.capture.backfill(id);
    await h.capture.idle();
    expect([...h.find.calls].sort()).toEqual(['imdb_id:tt0111161', 'tvdb_id:349232']);
    expect(h.progress.at(-1)).toMatchObject({ done: 2, added: 0 });
  });
});
