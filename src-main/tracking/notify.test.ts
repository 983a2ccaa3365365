import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  collect,
  seriesSnapshot,
  tempTracking,
  uncollect,
  type TempTracking,
} from './testing/temp-tracking';

const DAY = 86_400_000;
const NOW = Date.UTC(2025, 2, 10, 12); // 2025-03-10

describe('notifications', () => {
  let t: TempTracking;
  const airDates = ['2025-03-03', '2025-03-10', '2025-03-11', '2025-03-12', '2025-03-13'];
  beforeEach(() => {
    t = tempTracking({ now: NOW });
    t.tracking.refresh.applySeries(seriesSnapshot(1, [{ season: 1, airDates }]), true);
  });
  afterEach(() => {
    t.cleanup();
  });
  const check = (): string[] =>
    t.tracking.refresh
      .collectNotifications()
      .map((i) =>
        i.kind === 'episode' ? `${i.season}x${i.episode}` : `film ${i.mediaId}:${i.releaseType}`,
      );
  const day = (n: number): void => {
    t.clock.now = NOW + n * DAY;
  };

  it('never announces the backlog when a series becomes followed, then announces each new episode once', () => {
    collect(t.db, 'watchlist', 'tv', 1);
    expect(check()).toEqual([]); // 1x1 and today's 1x2 are the backlog
    day(1);
    expect(check()).toEqual(['1x3']);
    expect(check()).toEqual([]);
    const item = t.tracking.inbox()[0];
    expect(item).toMatchObject({
      kind: 'episode',
      mediaId: 1,
      title: 'Series 1',
      body: 'S01E03 “Episode 1x3” aired today.',
      occurredAt: '2025-03-11',
      readAt: null,
    });
  });

  it('never announces the same episode twice, across a restart', () => {
    collect(t.db, 'watchlist', 'tv', 1);
    check();
    day(1);
    expect(check()).toEqual(['1x3']);
    t.reopen();
    expect(check()).toEqual([]);
    expect(t.tracking.unreadCount()).toBe(1);
    day(3);
    t.reopen();
    expect(check()).toEqual(['1x4', '1x5']);
    expect(t.tracking.unreadCount()).toBe(3);
  });

  it('skips episodes already watched, and catches up on days Marquee did not run', () => {
    t.tracking.setFollow(1, 'follow');
    check();
    t.tracking.mark({ scope: 'episode', seriesId: 1, season: 1, episode: 4 });
    day(4);
    expect(check()).toEqual(['1x3', '1x5']);
  });

  it('stops for an unfollowed series, and a new follow starts afresh', () => {
    t.tracking.setFollow(1, 'follow');
    check();
    t.tracking.setFollow(1, 'unfollow');
    day(1);
    expect(check()).toEqual([]);
    t.tracking.setFollow(1, 'follow');
    day(2);
    expect(check()).toEqual([]); // 1x4 aired the day of the new follow
    day(3);
    expect(check()).toEqual(['1x5']);
  });

  it('announces a late-listed episode within a week, not an old one', () => {
    t.tracking.setFollow(1, 'follow');
    check();
    day(20);
    expect(check()).toEqual(['1x3', '1x4', '1x5']);
    t.tracking.refresh.applySeries(
      seriesSnapshot(1, [{ season: 1, airDates: [...airDates, '2025-03-20', '2025-03-27'] }]),
      true,
    );
    // 1x6 (03-20) is older than the week looked at again; 1x7 (03-27) is within it.
    expect(check()).toEqual(['1x7']);
  });

  it('announces a watchlist film’s releases in the user’s region', () => {
    collect(t.db, 'watchlist', 'movie', 5);
    t.tracking.refresh.applyFilm({
      id: 5,
      title: 'Five',
      posterPath: null,
      releaseDate: '2025-03-12',
      status: 'Post Production',
      releases: [
        { region: 'US', type: 3, date: '2025-03-12', note: '' },
        { region: 'US', type: 3, date: '2025-03-14', note: 'wide' },
        { region: 'US', type: 4, date: '2025-04-01', note: '' },
        { region: 'GB', type: 3, date: '2025-03-11', note: '' },
      ],
    });
    t.tracking.refresh.adoptCollections();
    expect(check()).toEqual([]);
    day(1);
    expect(check()).toEqual([]); // the GB date is not the user's
    day(5);
    expect(check()).toEqual(['film 5:3']);
    expect(t.tracking.inbox()[0]).toMatchObject({
      title: 'Five',
      body: 'is in theatres (US) on 2025-03-12.',
    });
    uncollect(t.db, 'watchlist', 'movie', 5);
    day(30);
    expect(check()).toEqual([]);
  });

  it('marks items read, one or all', () => {
    t.tracking.setFollow(1, 'follow');
    check();
    day(3);
    check();
    const [newest, ...rest] = t.tracking.inbox();
    expect(rest).toHaveLength(2);
    expect(t.tracking.markRead([newest?.id ?? 0]).read).toBe(1);
    expect(t.tracking.unreadCount()).toBe(2);
    expect(t.tracking.inbox({ unreadOnly: true })).toHaveLength(2);
    expect(t.tracking.markRead('all').read).toBe(2);
    expect(t.tracking.unreadCount()).toBe(0);
  });

  it('announces nothing for a series TMDB removed', () => {
    t.tracking.setFollow(1, 'follow');
    check();
    t.tracking.refresh.seriesFailed(1, 'Removed from TMDB', true);
    day(3);
    expect(check()).toEqual([]);
    expect(t.tracking.progress(1)?.seasons[0]?.episodes).toHaveLength(5);
  });
  it('keeps a hostile episode name plain and bounded in the inbox', () => {
    const hostile = `Pilot\u202Egnp.exe\n<b>click</b>\u0007 ${'x'.repeat(10_000)}`;
    const snapshot = seriesSnapshot(2, [{ season: 1, airDates: ['2025-03-11'] }], {
      name: `Evil\u202E ${'S'.repeat(3_000)}\r\n`,
    });
    const episodes = snapshot.episodes.get(1) ?? [];
    snapshot.episodes.set(
      1,
      episodes.map((e) => ({ ...e, name: hostile })),
    );
    t.tracking.refresh.applySeries(snapshot, true);
    collect(t.db, 'watchlist', 'tv', 2);
    check();
    day(1);
    const [added] = t.tracking.refresh.collectNotifications();
    const [listed] = t.tracking.inbox();
    for (const item of [added, listed]) {
      expect(item?.title.length).toBeLessThanOrEqual(200);
      expect(item?.title.startsWith('Evil SSS')).toBe(true);
      expect(item?.body.length).toBeLessThanOrEqual(500);
      expect(item?.body.startsWith('S01E01 “Pilotgnp.exe <b>click</b> xxx')).toBe(true);
      // The code, the name and when it aired are all there, the name cut to leave room.
      expect(item?.body).toMatch(/…” aired today\.$/);
      // eslint-disable-next-line no-control-regex
      expect(`${item?.title}${item?.body}`).not.toMatch(/[\u0000-\u001f\u202a-\u202e]/);
    }
  });

  it('reads an item stored before text was bounded as plain, bounded text', () => {
    t.db
      .prepare(
        `INSERT INTO inbox (dedupe_key, kind, media_id, season_number, episode_number, title, body,
           occurred_at, created_at) VALUES ('episode:9:1:1', 'episode', 9, 1, 1, ?, ?, '2025-03-01', 1)`,
      )
      .run(`T\u202E${'t'.repeat(3_019)}`, `B\n${'b'.repeat(10_149)}`);
    const [item] = t.tracking.inbox();
    expect(item?.title).toHaveLength(200);
    expect(item?.body).toHaveLength(500);
    expect(item?.body.startsWith('B bbb')).toBe(true);
  });
});
