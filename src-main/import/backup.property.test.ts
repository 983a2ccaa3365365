import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Settings } from '../../src-shared/ipc/contract';
import { playSource } from '../../src-shared/ipc/contract/tracking';
import type { RatingTarget } from '../library/changes';
import { seriesSnapshot } from '../tracking/testing/temp-tracking';
import type { Play } from '../tracking/types';
import { createBackup, parseBackup, planRestore, restoreBackup } from './backup';
import { tempProfile, type Profile } from './testing/profile';

const NOW = Date.UTC(2025, 5, 1, 12);
const DAY = 86_400_000;

/** Text as TMDB and sync can bring it: empty, short, hostile, or far longer than Marquee keeps. */
const text = fc.oneof(
  fc.constant(''),
  fc.constantFrom('Picks', 'Picks ', 'Watch later'),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.constantFrom('gnp.exe\u202E', 'a\nb\r\n<b>c</b>\u0000', '🎬👩‍👩‍👧‍👦e\u0301'),
  fc
    .tuple(
      fc.oneof(
        fc.string({ minLength: 1, maxLength: 4 }),
        fc.constantFrom('ab🎬', 'Zoë e\u0301 ', '👩‍👩‍👧‍👦 x', '\u202Eb<i>\n'),
      ),
      fc.constantFrom(1_001, 10_000, 26_000),
    )
    .map(([s, n]) => s.repeat(Math.ceil(n / s.length)).slice(0, n)),
);
const movieId = fc.integer({ min: 1, max: 40 });
const ref = fc.record({
  mediaType: fc.constantFrom('movie' as const, 'tv' as const),
  mediaId: movieId,
});
const refs = fc.uniqueArray(ref, { maxLength: 4, selector: (r) => `${r.mediaType}:${r.mediaId}` });
const target: fc.Arbitrary<RatingTarget> = fc.oneof(
  ref,
  fc.record({
    mediaType: fc.constant('episode' as const),
    mediaId: movieId,
    season: fc.integer({ min: 0, max: 3 }),
    episode: fc.integer({ min: 1, max: 5 }),
  }),
);
const keyOf = (t: RatingTarget): string =>
  t.mediaType === 'episode'
    ? `e:${t.mediaId}:${t.season}:${t.episode}`
    : `${t.mediaType}:${t.mediaId}`;
const ratings = fc.uniqueArray(
  fc.record({ target, value: fc.integer({ min: 1, max: 20 }).map((n) => n / 2) }),
  { maxLength: 4, selector: (r) => keyOf(r.target) },
);
const list = fc.record({
  name: text,
  description: text,
  items: fc.uniqueArray(movieId, { maxLength: 3 }),
});
const play = fc.record({
  mediaType: fc.constantFrom('movie' as const, 'episode' as const),
  mediaId: movieId,
  season: fc.integer({ min: 0, max: 3 }),
  episode: fc.integer({ min: 0, max: 9 }),
  watchedAt: fc.option(fc.integer({ min: Date.UTC(1990, 0, 1), max: NOW - DAY }), { nil: null }),
  source: fc.constantFrom(...playSource.options),
});
const series = fc.uniqueArray(
  fc.record({
    seriesId: fc.integer({ min: 100, max: 110 }),
    follow: fc.constantFrom('none' as const, 'follow' as const, 'unfollow' as const),
    specials: fc.boolean(),
    hidden: fc.boolean(),
    snoozed: fc.option(fc.integer({ min: NOW, max: NOW + 30 * DAY }), { nil: null }),
  }),
  { maxLength: 2, selector: (s) => s.seriesId },
);
const settings: fc.Arbitrary<Partial<Settings>> = fc.record(
  {
    theme: fc.constantFrom('system' as const, 'light' as const, 'dark' as const),
    region: fc.constantFrom('US', 'FR'),
    osNotifications: fc.boolean(),
    checkForUpdates: fc.boolean(),
  },
  { requiredKeys: [] },
);

/** A library state: what TMDB sent (the pull), changes made here on top, history, inbox, settings. */
const state = fc.record({
  tmdb: fc.record({
    watchlist: refs,
    favorites: refs,
    rated: ratings,
    lists: fc.array(list, { maxLength: 3 }),
  }),
  local: fc.record({ watchlist: refs, rated: ratings, lists: fc.array(list, { maxLength: 2 }) }),
  plays: fc.array(play, { maxLength: 6 }),
  series,
  /** Episodes that air with hostile names on a followed series: inbox items, read or not. */
  episodes: fc.array(fc.record({ series: text, name: text, read: fc.boolean() }), { maxLength: 2 }),
  settings,
});
type State = typeof state extends fc.Arbitrary<infer T> ? T : never;

async function fill(p: Profile, s: State): Promise<void> {
  p.store.replaceMirror({
    watchlist: s.tmdb.watchlist,
    favorites: s.tmdb.favorites,
    rated: s.tmdb.rated,
    lists: s.tmdb.lists.map((l, i) => ({
      serverId: 5000 + i,
      name: l.name,
      description: l.description,
      items: l.items.map((mediaId) => ({ mediaType: 'movie' as const, mediaId })),
    })),
  });
  for (const r of s.local.watchlist) p.library.setWatchlist({ ...r, on: true });
  for (const r of s.local.rated) p.library.rate(r);
  for (const l of s.local.lists) {
    const { list: made } = p.library.createList(l);
    for (const movieId of l.items) p.library.addToList({ listId: made.id, movieId });
  }
  const plays: Play[] = s.plays.map((x, i) => ({
    ...x,
    uid: `play-${i}`,
    season: x.mediaType === 'movie' ? null : x.season,
    episode: x.mediaType === 'movie' ? null : x.episode,
    createdAt: NOW - i,
  }));
  p.tracking.restore(plays);
  const t = p.tracking.tracking;
  for (const x of s.series) {
    t.setFollow(x.seriesId, x.follow);
    t.setIncludeSpecials(x.seriesId, x.specials);
    t.setHidden(x.seriesId, x.hidden);
    t.snooze(x.seriesId, x.snoozed);
  }
  // Each hostile episode airs tomorrow on a series on the watchlist: the inbox announces it.
  const tomorrow = new Date(NOW + DAY).toISOString().slice(0, 10);
  s.episodes.forEach((e, i) => {
    const snapshot = seriesSnapshot(200 + i, [{ season: 1, airDates: [tomorrow] }], {
      name: e.series,
    });
    snapshot.episodes.set(
      1,
      (snapshot.episodes.get(1) ?? []).map((ep) => ({ ...ep, name: e.name })),
    );
    t.refresh.applySeries(snapshot, true);
    p.library.setWatchlist({ mediaType: 'tv', mediaId: 200 + i, on: true });
  });
  t.refresh.collectNotifications();
  p.clock.now = NOW + DAY;
  const added = t.refresh.collectNotifications();
  t.markRead(added.filter((_, i) => s.episodes[i]?.read).map((item) => item.id));
  await p.backup.settings.set(s.settings);
}

/** Everything a user can read back, in an order that does not depend on ids. */
function fullRead(p: Profile): unknown {
  const doc = createBackup(p.backup);
  const { checkForUpdates: _, ...settingsRead } = doc.settings;
  const sorted = <T>(items: T[]): T[] =>
    items
      .map((i) => [JSON.stringify(i), i] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, i]) => i);
  return {
    ...doc,
    createdAt: 0,
    settings: settingsRead,
    library: {
      ...doc.library,
      lists: sorted(doc.library.lists.map(({ id: _id, ...rest }) => rest)),
    },
    lists: sorted(
      p.library.lists().lists.map((l) => ({
        name: l.name,
        description: l.description,
        items: p.library
          .list(l.id)
          .items.map((i) => i.mediaId)
          .sort((a, b) => a - b),
      })),
    ),
    inbox: sorted(p.tracking.tracking.inbox({ limit: 1000 }).map(({ id: _id, ...rest }) => rest)),
  };
}

describe('a backup always restores', () => {
  let a: Profile;
  let b: Profile;
  beforeAll(() => {
    a = tempProfile(NOW);
    b = tempProfile(NOW);
  });
  afterAll(() => {
    a.close();
    b.close();
  });

  it('into an empty profile, equal to the profile that wrote it, for any library', async () => {
    await fc.assert(
      fc.asyncProperty(state, async (s) => {
        await a.wipe(NOW);
        await b.wipe(NOW);
        await fill(a, s);
        const backup = parseBackup(JSON.parse(JSON.stringify(createBackup(a.backup))));
        const plan = planRestore(backup, b.backup);
        expect(plan.plays).toEqual({ add: backup.history.length, alreadyPresent: 0 });
        expect(plan.lists.create).toBe(backup.library.lists.length);
        await restoreBackup(backup, b.backup, () => undefined);
        expect(fullRead(b)).toEqual(fullRead(a));
        expect(b.backup.settings.get().checkForUpdates).toBe(false);
        // Restored again, the merge adds nothing.
        const again = planRestore(backup, b.backup);
        expect(again.plays.add).toBe(0);
        expect(again.library.add).toBe(0);
        expect(again.lists).toMatchObject({ create: 0, addItems: 0 });
      }),
      { numRuns: 2_000, seed: 20_260_601 },
    );
  }, 240_000);
});
