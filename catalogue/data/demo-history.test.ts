import { describe, expect, it } from 'vitest';
import { Catalogue } from './catalogue';
import { Clock } from './clock';
import { DAY_MS, dayFromIso } from './days';
import { demoHistoryOf, historySpan } from './demo-history';
import { scheduleOf } from './schedule';

const START = Date.UTC(2025, 5, 15, 9);

const make = (titles = 200, start = START): Catalogue =>
  new Catalogue({
    titles,
    seed: 1,
    imageBase: 'http://127.0.0.1:1/t/p',
    clock: new Clock(() => start),
    messy: true,
  });

describe('the demo account’s watch history', () => {
  it('is the same for the same catalogue and start day', () => {
    expect(demoHistoryOf(make())).toEqual(demoHistoryOf(make()));
    expect(demoHistoryOf(make()).plays).not.toEqual(
      demoHistoryOf(make(200, START + 3 * DAY_MS)).plays,
    );
  });

  it('spans about three years up to yesterday, with a streak still going', () => {
    const data = make();
    const history = demoHistoryOf(data);
    expect(history.plays.length).toBeGreaterThan(300);
    const span = historySpan(history);
    expect(span?.to).toBe('2025-06-14');
    expect(span && span.from < '2022-09-01').toBe(true);
    const days = new Set(history.plays.map((p) => Math.floor(p.watchedAt / DAY_MS)));
    const yesterday = data.anchorDay - 1;
    for (let d = yesterday; d > yesterday - 4; d--) expect(days.has(d)).toBe(true);
    // Holidays: at least one fortnight-ish gap without anything.
    const sorted = [...days].sort((a, b) => a - b);
    const gaps = sorted.slice(1).map((d, i) => d - (sorted[i] ?? d));
    expect(Math.max(...gaps)).toBeGreaterThanOrEqual(7);
    expect(new Set(history.plays.map((p) => p.uid)).size).toBe(history.plays.length);
  });

  it('watches films after their release and episodes after they aired, in order, with rewatches', () => {
    const data = make();
    const history = demoHistoryOf(data);
    const films = new Map(data.movies.map((m) => [m.id, m]));
    const series = new Map(data.tv.map((s) => [s.id, s]));
    const seen = new Set<string>();
    let rewatches = 0;
    const lastEpisode = new Map<number, number>();
    for (const play of history.plays) {
      const day = Math.floor(play.watchedAt / DAY_MS);
      const key = `${play.mediaType}:${String(play.mediaId)}:${String(play.season)}:${String(play.episode)}`;
      if (seen.has(key)) rewatches += 1;
      seen.add(key);
      if (play.mediaType === 'movie') {
        const film = films.get(play.mediaId);
        expect(film).toBeDefined();
        expect(dayFromIso(film?.date ?? '9999-01-01')).toBeLessThan(day);
        expect(play.season).toBeNull();
        continue;
      }
      const core = series.get(play.mediaId);
      expect(core).toBeDefined();
      if (!core) continue;
      const season = scheduleOf(data, core).seasons.find((s) => s.seasonNumber === play.season);
      const slot = season?.episodes.find((e) => e.number === play.episode);
      expect(slot?.airDate).toBeTruthy();
      expect(dayFromIso(slot?.airDate ?? '9999-01-01')).toBeLessThan(day);
      const order = (play.season ?? 0) * 10_000 + (play.episode ?? 0);
      expect(order).toBeGreaterThanOrEqual(lastEpisode.get(play.mediaId) ?? 0);
      lastEpisode.set(play.mediaId, order);
    }
    expect(rewatches).toBeGreaterThan(0);
    expect(history.plays.some((p) => p.mediaType === 'episode')).toBe(true);
  });

  it('rates some watched titles, in halves from 0.5 to 10', () => {
    const history = demoHistoryOf(make());
    const watched = new Set(
      history.plays.map((p) => `${p.mediaType === 'movie' ? 'movie' : 'tv'}:${String(p.mediaId)}`),
    );
    const all = [
      ...history.ratings.movie.map(([id, r]) => ['movie', id, r] as const),
      ...history.ratings.tv.map(([id, r]) => ['tv', id, r] as const),
    ];
    expect(history.ratings.movie.length).toBeGreaterThan(10);
    expect(history.ratings.tv.length).toBeGreaterThan(0);
    for (const [kind, id, rating] of all) {
      expect(watched.has(`${kind}:${String(id)}`)).toBe(true);
      expect(rating * 2).toBe(Math.round(rating * 2));
      expect(rating).toBeGreaterThanOrEqual(0.5);
      expect(rating).toBeLessThanOrEqual(10);
    }
  });
});
