import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  changeRows,
  FILM,
  NOW,
  recordedWrites,
  SERIES,
  settle,
  storedTracking,
  type RecordedWrites,
} from './testing/recorded-writes';
import type { Play } from './types';

/*
 * Every write of Marquee's own tracking data, as the window reaches it: it records exactly one
 * change, announces it once (after the data committed, as a second connection sees), and when its
 * transaction rolls back leaves the library as it was, records nothing and announces nothing.
 */

const DAY = 86_400_000;

describe('writes of tracking data through the change path', () => {
  let w: RecordedWrites;
  let call: RecordedWrites['call'];
  /** Plays an unmark took, for the restore case. */
  let taken: Play[];

  /** What the window reads of tracking data, caches included, and what the tables hold. */
  const everything = (): unknown => ({
    stored: storedTracking(w.t.db),
    history: w.service.tracking.history({ limit: 1000 }),
    progress: w.service.tracking.progress(SERIES),
    upNext: w.service.tracking.upNext(),
    inbox: w.service.tracking.inbox(),
  });

  beforeEach(() => {
    w = recordedWrites();
    call = w.call;
    taken = [];
  });
  afterEach(async () => {
    await w.close();
  });

  const watchAll = async (): Promise<void> => {
    await call('tracking.mark', { target: { scope: 'series', seriesId: SERIES } });
    await call('tracking.mark', { target: { scope: 'movie', movieId: FILM } });
  };
  const filmPlay = (): string =>
    w.service.tracking.plays({ scope: 'movie', movieId: FILM })[0]?.uid ?? '';
  const unreadId = (): number => w.service.tracking.inbox({ unreadOnly: true })[0]?.id ?? 0;

  const cases: Array<{
    name: string;
    given?: () => Promise<unknown>;
    write: () => Promise<{ changes: string[] }>;
    kind: string;
    entity: string;
  }> = [
    ...(
      [
        ['a film', { scope: 'movie', movieId: FILM }, `movie:${FILM}`],
        ['an episode', { scope: 'episode', seriesId: SERIES, season: 1, episode: 2 }, 'series:5'],
        ['a season', { scope: 'season', seriesId: SERIES, season: 1 }, 'series:5'],
        ['up to here', { scope: 'upTo', seriesId: SERIES, season: 2, episode: 1 }, 'series:5'],
        ['a series', { scope: 'series', seriesId: SERIES }, 'series:5'],
      ] as const
    ).map(([what, target, entity]) => ({
      name: `mark ${what}`,
      write: () => call('tracking.mark', { target }),
      kind: 'plays.add',
      entity,
    })),
    ...(
      [
        ['a play', () => ({ scope: 'play', uid: filmPlay() }) as const, `movie:${FILM}`],
        ['a film', () => ({ scope: 'movie', movieId: FILM }) as const, `movie:${FILM}`],
        [
          'an episode',
          () => ({ scope: 'episode', seriesId: SERIES, season: 1, episode: 2 }) as const,
          'series:5',
        ],
        ['a season', () => ({ scope: 'season', seriesId: SERIES, season: 2 }) as const, 'series:5'],
        [
          'up to here',
          () => ({ scope: 'upTo', seriesId: SERIES, season: 1, episode: 3 }) as const,
          'series:5',
        ],
        ['a series', () => ({ scope: 'series', seriesId: SERIES }) as const, 'series:5'],
      ] as const
    ).map(([what, target, entity]) => ({
      name: `unmark ${what}`,
      given: watchAll,
      write: () => call('tracking.unmark', { target: target() }),
      kind: 'plays.remove',
      entity,
    })),
    {
      name: 'restore',
      given: async () => {
        await watchAll();
        taken = w.service.unmark({ scope: 'season', seriesId: SERIES, season: 1 }, {}).removed;
      },
      write: () => call('tracking.restore', { plays: taken }),
      kind: 'plays.add',
      entity: 'series:5',
    },
    {
      name: 'setFollow',
      write: () => call('tracking.setFollow', { seriesId: SERIES, follow: 'unfollow' }),
      kind: 'series.follow',
      entity: 'series:5',
    },
    {
      name: 'setIncludeSpecials',
      write: () => call('tracking.setIncludeSpecials', { seriesId: SERIES, includeSpecials: true }),
      kind: 'series.specials',
      entity: 'series:5',
    },
    {
      name: 'setHidden',
      write: () => call('tracking.setHidden', { seriesId: SERIES, hidden: true }),
      kind: 'series.hidden',
      entity: 'series:5',
    },
    {
      name: 'snooze',
      write: () => call('tracking.snooze', { seriesId: SERIES, until: NOW + 7 * DAY }),
      kind: 'series.snooze',
      entity: 'series:5',
    },
    {
      name: 'markRead one',
      write: () => call('tracking.markRead', { ids: [unreadId()] }),
      kind: 'inbox.read',
      entity: 'inbox',
    },
    {
      name: 'markRead all',
      write: () => call('tracking.markRead', { ids: 'all' }),
      kind: 'inbox.read',
      entity: 'inbox',
    },
  ];

  describe.each(cases)('$name', ({ given, write, kind, entity }) => {
    beforeEach(async () => {
      await given?.();
      await settle();
      // Read once, so a cache that kept a rolled-back write would show below.
      everything();
      w.announced.length = 0;
    });

    it('records one change and announces it once, after commit', async () => {
      const before = changeRows(w.t.db);
      const reply = await write();
      await settle();
      const after = changeRows(w.t.db);
      expect(after).toHaveLength(before.length + 1);
      const change = after.at(-1);
      expect(change).toMatchObject({ kind, entity });
      expect(reply.changes).toEqual([change?.id]);
      expect(w.announced).toHaveLength(1);
      expect(w.announced[0]).toMatchObject({
        changes: [change?.id],
        committed: true,
        sameAsWriter: true,
      });
    });

    it('leaves the library as it was, and records and announces nothing, when it rolls back', async () => {
      const before = everything();
      const rows = changeRows(w.t.db);
      w.t.db.exec(
        "CREATE TEMP TRIGGER fail AFTER INSERT ON changes BEGIN SELECT RAISE(ABORT, 'disk full'); END",
      );
      await expect(write()).rejects.toThrow('disk full');
      await settle();
      w.t.db.exec('DROP TRIGGER fail');
      expect(everything()).toEqual(before);
      expect(changeRows(w.t.db)).toEqual(rows);
      expect(w.announced).toEqual([]);
    });
  });
});
