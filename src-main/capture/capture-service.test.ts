import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { holdWriteLock } from '../db/testing/held-lock';
import { EVENING, HOUR, filmStop, jellyfinStop } from './testing/events';
import { accountsConnector, captureHarness, type Harness } from './testing/harness';

const accounts = [
  { id: 'alice-id', name: 'alice' },
  { id: 'bob-id', name: 'bob' },
];

describe('capture service: the receive path', () => {
  let h: Harness;
  let serverId: string;

  beforeEach(async () => {
    h = captureHarness({ connectors: { jellyfin: accountsConnector(accounts) } });
    const server = await h.capture.addServer({
      kind: 'jellyfin',
      url: 'http://127.0.0.1:8096',
      auth: { kind: 'token', token: 'jf-secret-token-123' },
    });
    serverId = server.id;
    await h.capture.updateServer(serverId, { chosenAccounts: ['alice-id'] });
  });
  afterEach(async () => {
    await h.close();
  });

  const event = (over: Parameters<typeof jellyfinStop>[0] = {}) =>
    jellyfinStop({ serverId, ...over });

  it('turns a Jellyfin stop into exactly one play, recorded once by the change path', async () => {
    const before = h.changeCount();
    const outcome = await h.capture.receive(event());
    expect(outcome.kind).toBe('added');
    const plays = h.tracking.tracking.plays({ scope: 'series', seriesId: 1396 });
    expect(plays).toEqual([
      expect.objectContaining({
        mediaType: 'episode',
        mediaId: 1396,
        season: 1,
        episode: 1,
        watchedAt: EVENING,
        source: 'jellyfin',
      }),
    ]);
    expect(h.changeCount()).toBe(before + 1);
    await Promise.resolve();
    expect(h.trackingEvents).toContainEqual([1396]);
    expect(h.changed.at(-1)).toEqual([serverId]);
  });

  /** The worker holds the library's write lock; this connection never waits inside SQLite. */
  const workerWriting = () => {
    const lock = holdWriteLock(h.t.file);
    h.t.db.pragma('busy_timeout = 0');
    h.t.changes.turn = () => lock.turn();
    return lock;
  };
  const turns = async (): Promise<void> => {
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
  };
  const playsOf1396 = () => h.tracking.tracking.plays({ scope: 'series', seriesId: 1396 });

  it('writes a play announced while the worker writes once its write ends, never in SQLite', async () => {
    // Seen once already: the title's TMDB id is known, so only the play is left to write.
    await h.capture.receive(event());
    h.t.clock.now += 24 * HOUR;
    const lock = workerWriting();
    const outcome = h.capture.receive(event({ at: EVENING + 24 * HOUR }));
    await turns();
    expect(lock.asked()).toBe(1);
    expect(playsOf1396()).toHaveLength(1);
    lock.release();
    await expect(outcome).resolves.toMatchObject({ kind: 'added' });
    expect(playsOf1396()).toHaveLength(2);
  });

  it('keeps the TMDB id found for a new title once the worker’s write ends, then the play', async () => {
    const lock = workerWriting();
    const outcome = h.capture.receive(event());
    await turns();
    expect(lock.asked()).toBeGreaterThan(0);
    expect(playsOf1396()).toEqual([]);
    lock.release();
    await expect(outcome).resolves.toMatchObject({ kind: 'added' });
    expect(playsOf1396()).toHaveLength(1);
  });

  it('counts one viewing announced several times once', async () => {
    const [a, b] = await Promise.all([h.capture.receive(event()), h.capture.receive(event())]);
    const saved = await h.capture.receive(
      event({ kind: 'played', progress: null, completed: null, at: EVENING + 5_000 }),
    );
    expect([a.kind, b.kind].sort()).toEqual(['added', 'duplicate']);
    expect(saved).toEqual({ kind: 'duplicate', playUid: a.kind === 'added' ? a.playUid : null });
    expect(h.tracking.tracking.plays({ scope: 'series', seriesId: 1396 })).toHaveLength(1);
    expect(h.find.calls).toHaveLength(1);
  });

  it('counts watching it again later as a new play', async () => {
    await h.capture.receive(event());
    h.t.clock.now += 24 * HOUR;
    const again = await h.capture.receive(event({ at: EVENING + 24 * HOUR }));
    expect(again.kind).toBe('added');
    expect(h.tracking.tracking.plays({ scope: 'series', seriesId: 1396 })).toHaveLength(2);
  });

  it('ignores an account that was not chosen, and a viewing stopped early', async () => {
    expect((await h.capture.receive(event({ account: 'bob-id' }))).kind).toBe('ignored');
    const early = await h.capture.receive(event({ progress: 0.3, completed: false }));
    expect(early).toEqual({ kind: 'not-watched', reason: 'Stopped at 30%.' });
    expect(h.tracking.tracking.plays({ scope: 'series', seriesId: 1396 })).toEqual([]);
    expect(h.capture.captured(100, 0).total).toBe(0);
  });

  it('does not add a second play when the user marked it by hand that day', async () => {
    await h.tracking.mark(
      { scope: 'episode', seriesId: 1396, season: 1, episode: 1 },
      { when: { kind: 'at', at: EVENING - 2 * HOUR } },
    );
    const outcome = await h.capture.receive(event());
    expect(outcome.kind).toBe('duplicate');
    expect(h.tracking.tracking.plays({ scope: 'series', seriesId: 1396 })).toHaveLength(1);
  });

  it('lists captured plays, and an undone play leaves the list', async () => {
    const outcome = await h.capture.receive(event());
    const film = await h.capture.receive(
      filmStop({ serverId, account: 'alice-id', at: EVENING - HOUR }),
    );
    expect(film.kind).toBe('added');
    const { plays, total } = h.capture.captured(100, 0);
    expect(total).toBe(2);
    expect(plays[0]).toMatchObject({
      server: 'jellyfin',
      serverName: 'Jellyfin',
      // Shown by the name the server gives the account.
      account: 'alice',
      mediaType: 'episode',
      mediaId: 1396,
      season: 1,
      episode: 1,
      watchedAt: EVENING,
    });
    if (outcome.kind !== 'added') throw new Error('expected a play');
    h.capture.undo(outcome.playUid);
    expect(h.capture.captured(100, 0).plays.map((p) => p.mediaId)).toEqual([550]);
    expect(h.tracking.tracking.plays({ scope: 'series', seriesId: 1396 })).toEqual([]);
  });

  it('sends a title it cannot match to review, and records it once the user names it', async () => {
    const outcome = await h.capture.receive(
      event({
        ids: {},
        itemKey: 'odd-1',
        title: 'Home movie',
        media: 'movie',
        season: null,
        episode: null,
      }),
    );
    expect(outcome.kind).toBe('review');
    const [item] = h.capture.review();
    expect(item).toMatchObject({ title: 'Home movie', reason: 'The server gave only a title.' });
    if (!item) throw new Error('expected a review item');
    expect(h.capture.resolve(item.id, { mediaType: 'movie', id: 550 })).toEqual([]);
    expect(h.capture.captured(10, 0).plays).toEqual([
      expect.objectContaining({ mediaId: 550, title: 'Home movie', watchedAt: EVENING }),
    ]);
  });

  it('keeps tokens out of the library and shows a webhook address with the server’s secret', async () => {
    const [view] = await h.capture.servers();
    expect(view?.accounts).toEqual([
      { id: 'alice-id', name: 'alice', chosen: true },
      { id: 'bob-id', name: 'bob', chosen: false },
    ]);
    expect(view?.webhookUrl).toMatch(/^http:\/\/127\.0\.0\.1:45876\/capture\/[A-Za-z0-9_-]{20,}$/);
    const [config] = await h.capture.configs();
    expect(view?.webhookUrl).toContain(config?.secret);
    h.t.db.pragma('wal_checkpoint(TRUNCATE)');
    const bytes = fs.readFileSync(h.t.file).toString('latin1');
    expect(bytes).not.toContain('jf-secret-token-123');
    expect(bytes).not.toContain(config?.secret);
  });

  it('refuses a simulated play outside the demo', async () => {
    await expect(h.capture.simulatePlay({ mediaType: 'movie', id: 550 })).rejects.toThrow(
      /only in the demo/,
    );
  });
});

describe('capture service: demo', () => {
  it('plays a demo title on the simulated server through the same path', async () => {
    const h = captureHarness({ demo: true });
    try {
      await h.capture.simulatePlay({ mediaType: 'episode', id: 1396, season: 1, episode: 2 });
      await h.capture.simulatePlay({ mediaType: 'episode', id: 1396, season: 1, episode: 2 });
      expect(h.tracking.tracking.plays({ scope: 'series', seriesId: 1396 })).toEqual([
        expect.objectContaining({ season: 1, episode: 2, source: 'jellyfin' }),
      ]);
      expect(h.capture.captured(10, 0).plays[0]?.serverName).toBe('Demo media server');
    } finally {
      await h.close();
    }
  });
});
