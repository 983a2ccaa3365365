import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMerge } from './merge';
import { createMergeStore } from './store/merge-store';
import { HOUR, INBOX_KEYS, T0, device, trackingData, type Device } from './testing/devices';

const SERIES = 1;
const readAt = (d: Device, key: string): number | null =>
  (d.db.prepare('SELECT read_at FROM inbox WHERE dedupe_key = ?').pluck().get(key) as
    number | null | undefined) ?? null;
const follow = (d: Device): string | undefined => d.store.series.get(SERIES)?.follow;

/*
 * Merging changes from another computer, kind by kind: each new change stored with its own
 * identity and applied once; the same changes read again change nothing.
 */
describe('merging changes from another computer', () => {
  let a: Device;
  let b: Device;
  beforeEach(() => {
    a = device('a');
    b = device('b', { now: T0 + 5 * 60_000 });
  });
  afterEach(() => {
    a.close();
    b.close();
  });

  it('adds plays of a series whose TMDB data is not here yet, once however often they arrive', async () => {
    a.tracking.mark({ scope: 'episode', seriesId: SERIES, season: 1, episode: 1 });
    a.tracking.mark({ scope: 'movie', movieId: 550 });
    const changes = a.own();
    expect(await b.receive(changes)).toHaveLength(2);
    expect(trackingData(b.db)).toEqual(trackingData(a.db));
    expect(b.store.series.get(SERIES)).toMatchObject({ playCount: 1, name: null });
    const log = b.changes.since(0);
    expect(log.map((c) => [c.id, c.hlc, c.device])).toEqual(
      changes.map((c) => [c.id, c.hlc, c.device]),
    );

    expect(await b.receive([...changes].reverse())).toEqual([]);
    expect(b.changes.since(0)).toEqual(log);
    expect(trackingData(b.db)).toEqual(trackingData(a.db));
  });

  it('keeps a removed play removed when the removal arrives before the add, and an undo puts it back', async () => {
    a.tracking.mark({ scope: 'episode', seriesId: SERIES, season: 1, episode: 1 });
    a.clock.now += 60_000;
    const { removed } = a.tracking.unmark({
      scope: 'episode',
      seriesId: SERIES,
      season: 1,
      episode: 1,
    });
    const [add, remove] = a.own();
    if (!add || !remove) throw new Error('two changes expected');
    await b.receive([remove]);
    await b.receive([add]);
    expect(trackingData(b.db)).toEqual(trackingData(a.db));
    expect(b.store.plays.find({ kind: 'series', seriesId: SERIES, specials: true })).toEqual([]);

    // Undo on a: the same play, same uid, put back by a newer change.
    a.clock.now += 60_000;
    a.tracking.restore(removed);
    await b.receive(a.own());
    expect(b.store.plays.find({ kind: 'uid', uid: removed[0]?.uid ?? '' })).toEqual(removed);
    expect(trackingData(b.db)).toEqual(trackingData(a.db));
    // The removal read again (a file read twice) does not take it away.
    await b.receive([remove, add]);
    expect(trackingData(b.db)).toEqual(trackingData(a.db));
  });

  it('stores an older setting from elsewhere without letting it override a newer one here', async () => {
    a.tracking.setFollow(SERIES, 'unfollow');
    a.tracking.setHidden(SERIES, true);
    b.tracking.setFollow(SERIES, 'follow');
    const older = a.own();
    await b.receive(older);
    expect(b.changes.since(0).map((c) => c.id)).toEqual(
      expect.arrayContaining(older.map((c) => c.id)),
    );
    // Follow: b's own change is newer, and holds. Hidden: only a set it, so it applies.
    expect(b.store.series.get(SERIES)).toMatchObject({ follow: 'follow', hidden: true });
    // a, receiving b's newer follow, ends the same.
    await a.receive(b.own());
    expect(follow(a)).toBe('follow');
    expect(trackingData(a.db)).toEqual(trackingData(b.db));
  });

  it('applies every setting kind, newest first or last', async () => {
    a.tracking.setIncludeSpecials(SERIES, true);
    a.tracking.snooze(SERIES, T0 + 24 * HOUR);
    a.clock.now += 60_000;
    a.tracking.snooze(SERIES, null);
    a.tracking.setIncludeSpecials(SERIES, false);
    a.tracking.setIncludeSpecials(SERIES, true);
    await b.receive([...a.own()].reverse());
    expect(b.store.series.get(SERIES)).toMatchObject({ includeSpecials: true, snoozedUntil: null });
    expect(trackingData(b.db)).toEqual(trackingData(a.db));
  });

  it('reads inbox items read elsewhere, at the first time they were read, and one made later comes read', async () => {
    const ids = a.tracking.inbox().map((i) => i.id);
    a.tracking.markRead(ids.slice(0, 1));
    a.clock.now += HOUR;
    a.tracking.markRead('all');
    b.db.prepare('DELETE FROM inbox WHERE dedupe_key = ?').run(INBOX_KEYS[2]);
    b.tracking.markRead('all');
    await b.receive(a.own());
    await a.receive(b.own());
    for (const key of INBOX_KEYS.slice(0, 2)) expect(readAt(b, key)).toBe(readAt(a, key));
    expect(readAt(a, INBOX_KEYS[2])).toBe(T0);

    // b makes the item it did not have: it comes read, and is no news.
    b.store.inbox.add(
      [
        {
          dedupeKey: INBOX_KEYS[2],
          kind: 'release',
          mediaId: 550,
          season: null,
          episode: null,
          releaseType: 3,
          title: 'New',
          body: 'New',
          occurredAt: '2026-01-01',
        },
      ],
      b.clock.now,
    );
    expect(trackingData(b.db)).toEqual(trackingData(a.db));
    expect(b.tracking.unreadCount()).toBe(0);
  });

  it('stores an import decision without applying it, and refuses what it cannot read', async () => {
    const decision = {
      id: 'x-1',
      hlc: `${String(T0)}-000000`,
      device: 'x',
      domain: 'import',
      kind: 'import.decide',
      entity: 'import-row:trakt:abc',
      data: { format: 'trakt', kind: 'watched', ref: {}, choice: { skip: true } },
    };
    const before = trackingData(b.db);
    const result = await b.merge.merge([
      decision,
      { ...decision, id: 'x-2', kind: 'series.rename' },
      { ...decision, id: 'x-3', domain: 'tracking', kind: 'series.follow', data: { seriesId: 1 } },
      { ...decision, id: 'x-4', hlc: 'tomorrow' },
      {
        ...decision,
        id: 'x-5',
        domain: 'tracking',
        kind: 'series.hidden',
        entity: 'series:2',
        data: { seriesId: 1, hidden: true },
      },
      'not a change',
    ]);
    expect(result.adopted.map((c) => c.id)).toEqual(['x-1']);
    expect(result.refused.map((r) => r.id)).toEqual(['x-2', 'x-3', 'x-4', 'x-5', null]);
    expect(result.refused[0]?.problem).toMatch(/does not know/);
    expect(b.changes.since(0).map((c) => c.id)).toEqual(['x-1']);
    expect(trackingData(b.db)).toEqual(before);
  });

  it('lets a clock set to 2040 win only until someone answers it', async () => {
    a.clock.now = Date.UTC(2040, 0, 1);
    a.tracking.setFollow(SERIES, 'follow');
    await b.receive(a.own());
    expect(follow(b)).toBe('follow');
    b.tracking.setFollow(SERIES, 'unfollow');
    const [unfollow] = b.own();
    expect(unfollow?.hlc.localeCompare(a.own()[0]?.hlc ?? '')).toBe(1);
    await a.receive(b.own());
    expect(follow(a)).toBe('unfollow');
    expect(follow(b)).toBe('unfollow');
    // And a, still in 2040, answering again wins again: the newest change holds, whoever made it.
    a.tracking.setFollow(SERIES, 'follow');
    await b.receive(a.own());
    expect([follow(a), follow(b)]).toEqual(['follow', 'follow']);
  });

  it('applies a long list in chunks, each its own transaction, pausing between them', async () => {
    const c = device('c', { chunkSize: 4 });
    try {
      for (let ep = 1; ep <= 10; ep++)
        a.tracking.mark({ scope: 'episode', seriesId: SERIES, season: 1, episode: ep });
      let progress: number[] = [];
      const result = await c.merge.merge(a.own(), (done) => {
        progress = [...progress, done];
      });
      expect(result.adopted).toHaveLength(10);
      expect(progress).toEqual([4, 8, 10]);
      expect(trackingData(c.db)).toEqual(trackingData(a.db));
    } finally {
      c.close();
    }
  });

  it('halves its chunks after one that took longer than its budget, and grows them after a quick one', async () => {
    for (let ep = 1; ep <= 100; ep++)
      a.tracking.mark({ scope: 'episode', seriesId: SERIES, season: 1, episode: ep });
    /** The chunk sizes of a merge into a new library when each chunk takes `took` ms. */
    const sizes = async (took: number, maxChunk?: number): Promise<number[]> => {
      const c = device('c');
      let time = 0;
      const done: number[] = [];
      try {
        const merge = createMerge({
          changes: c.changes,
          store: createMergeStore(c.db),
          tracking: c.store,
          clock: () => c.clock.now,
          chunkSize: 40,
          budgetMs: 10,
          ...(maxChunk === undefined ? {} : { maxChunk }),
          now: () => (time += took / 2),
          pause: () => Promise.resolve(),
        });
        await merge.merge(a.own(), (n) => done.push(n));
        expect(trackingData(c.db)).toEqual(trackingData(a.db));
      } finally {
        c.close();
      }
      return done.map((n, i) => n - (done[i - 1] ?? 0));
    };
    expect(await sizes(25)).toEqual([40, 20, 10, 10, 10, 10]);
    expect(await sizes(2)).toEqual([40, 60]);
    // A cap of its own stops the growth there.
    expect(await sizes(2, 50)).toEqual([40, 50, 10]);
  });
});
