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
    expect(t.tracking.markRead([newest?.id ?? 0])).toBe(1);
    expect(t.tracking.unreadCount()).toBe(2);
    expect(t.tracking.inbox({ unreadOnly: true })).toHaveLength(2);
    expect(t.tracking.markRead('all')).toBe(2);
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
});
