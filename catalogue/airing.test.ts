import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCatalogue, field, type TestClient } from './testing/client';
import { Catalogue } from './data/catalogue';
import { Clock } from './data/clock';
import { dayFromIso, isoDay, DAY_MS } from './data/days';
import { scheduleOf } from './data/schedule';
import { seasonDetails, seasonsOf, tvDetails } from './data/tv-details';

/** Air dates around the catalogue's clock: consistency, this week's episodes, moving the clock. */
const START = Date.parse('2026-03-10T15:00:00Z');
const shift = (date: string, days: number): string => isoDay(dayFromIso(date) + days);

interface Episode {
  air_date: string | null;
  episode_number: number;
  season_number: number;
  id: number;
}

describe('series schedules, for every series of a catalogue', () => {
  const data = new Catalogue({
    titles: 2000,
    seed: 21,
    imageBase: 'http://127.0.0.1:1/t/p',
    clock: new Clock(() => START),
  });
  const today = data.today;

  it('keeps details, season list and season episodes consistent', () => {
    for (const core of data.tv) {
      const details = tvDetails(data, core, 'en');
      const seasons = details.seasons as { season_number: number; episode_count: number }[];
      const shapes = seasonsOf(data, core);
      expect(seasons.map((s) => s.season_number)).toEqual(shapes.map((s) => s.seasonNumber));
      const regular = seasons.filter((s) => s.season_number > 0);
      expect(details.number_of_seasons).toBe(regular.length);
      expect(details.number_of_episodes).toBe(regular.reduce((n, s) => n + s.episode_count, 0));
      const episodes: Episode[] = [];
      for (const shape of shapes) {
        const season = seasonDetails(data, core, shape, 'en');
        const list = season.episodes as Episode[];
        expect(list).toHaveLength(
          seasons.find((s) => s.season_number === shape.seasonNumber)?.episode_count ?? -1,
        );
        const numbers = list.map((e) => e.episode_number);
        expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
        expect(season.air_date).toBe(list.find((e) => e.air_date !== null)?.air_date ?? null);
        if (shape.seasonNumber > 0) episodes.push(...list);
      }
      expect(new Set(episodes.map((e) => e.id)).size).toBe(episodes.length);
      expect(episodes.find((e) => e.season_number === 1)?.air_date).toBe(core.date);
      expect(details.first_air_date).toBe(core.date);

      const dated = episodes.filter(
        (e): e is Episode & { air_date: string } => e.air_date !== null,
      );
      const aired = dated.filter((e) => e.air_date <= today);
      const upcoming = dated.filter((e) => e.air_date > today);
      const last = details.last_episode_to_air as Episode | null;
      const next = details.next_episode_to_air as Episode | null;
      expect(last?.air_date ?? null).toBe(
        aired
          .map((e) => e.air_date)
          .sort()
          .pop() ?? null,
      );
      expect(details.last_air_date).toBe(last?.air_date ?? null);
      expect(next?.air_date ?? null).toBe(upcoming.map((e) => e.air_date).sort()[0] ?? null);
      if (last) expect(episodes.map((e) => e.id)).toContain(last.id);
      if (next) expect(episodes.map((e) => e.id)).toContain(next.id);

      const status = details.status;
      if (!last) expect(status).toBe('In Production');
      else if (next) expect(status).toBe('Returning Series');
      else expect(['Ended', 'Canceled', 'Returning Series']).toContain(status);
      expect(details.in_production).toBe(
        status === 'Returning Series' || status === 'In Production',
      );
    }
  });

  it('has every status, specials, episode-number gaps and undated episodes', () => {
    const all = data.tv.map((core) => ({ core, details: tvDetails(data, core, 'en') }));
    const statuses = new Set(all.map((x) => x.details.status));
    expect([...statuses].sort()).toEqual([
      'Canceled',
      'Ended',
      'In Production',
      'Returning Series',
    ]);
    const schedules = data.tv.map((core) => scheduleOf(data, core));
    const specials = schedules.filter((s) => s.seasons[0]?.seasonNumber === 0);
    expect(specials.length).toBeGreaterThan(20);
    expect(specials.every((s) => s.seasons[0]?.episodes.length)).toBe(true);
    const gapped = schedules.filter((s) =>
      s.seasons.some((season) =>
        season.episodes.some(
          (e, i) => i > 0 && e.number !== (season.episodes[i - 1]?.number ?? 0) + 1,
        ),
      ),
    );
    expect(gapped.length).toBeGreaterThan(5);
    const undated = schedules.filter((s) =>
      s.seasons.some((season) => season.seasonNumber > 0 && season.airDate === null),
    );
    expect(undated.length).toBeGreaterThan(5);
    for (const s of undated) {
      const season = s.seasons.find((x) => x.seasonNumber > 0 && x.airDate === null);
      expect(season?.episodes.every((e) => e.airDate === null)).toBe(true);
    }
  });

  it('airs an episode in the last 7 days and the next within 7 for every airing series', () => {
    expect(data.picks.airingThisWeek.length).toBeGreaterThan(20);
    for (const id of data.picks.airingThisWeek) {
      const core = data.tvById(id);
      if (!core) throw new Error(`no series ${id}`);
      const details = tvDetails(data, core, 'en');
      const last = field(details, 'last_episode_to_air', 'air_date') as string;
      const next = field(details, 'next_episode_to_air', 'air_date') as string;
      expect(last >= shift(today, -6) && last <= today, `${id} last ${last}`).toBe(true);
      expect(next > today && next <= shift(today, 7), `${id} next ${next}`).toBe(true);
      expect(details.status).toBe('Returning Series');
    }
  });

  it('has series that ended long ago', () => {
    expect(data.picks.endedLongAgo.length).toBeGreaterThan(50);
    for (const id of data.picks.endedLongAgo.slice(0, 20)) {
      const core = data.tvById(id);
      if (!core) throw new Error(`no series ${id}`);
      const details = tvDetails(data, core, 'en');
      expect(details.status).toBe('Ended');
      expect(details.next_episode_to_air).toBeNull();
      expect(String(details.last_air_date) < shift(today, -365)).toBe(true);
    }
  });
});

describe('the demo account and the clock, over HTTP', () => {
  let client: TestClient;
  let q: string;
  let accountId: number;
  beforeAll(async () => {
    client = await openCatalogue({ seed: 3, now: () => START });
    q = `session_id=${await client.signIn()}`;
    accountId = field((await client.get(`/3/account?${q}`)).body, 'id') as number;
  });
  afterAll(async () => {
    await client.catalogue.close();
  });

  const seriesIds = async (which: 'watchlist' | 'favorite'): Promise<number[]> =>
    (
      field((await client.get(`/3/account/${accountId}/${which}/tv?${q}`)).body, 'results') as {
        id: number;
      }[]
    ).map((r) => r.id);

  it('has series airing this week on the watchlist and the favourites', async () => {
    const { airingThisWeek } = client.catalogue.data.picks;
    const today = client.catalogue.clock.today();
    const watchlist = (await seriesIds('watchlist')).filter((id) => airingThisWeek.includes(id));
    const favourites = (await seriesIds('favorite')).filter((id) => airingThisWeek.includes(id));
    expect(watchlist).toHaveLength(3);
    expect(favourites).toHaveLength(2);
    for (const id of [...watchlist, ...favourites]) {
      const details = (await client.get(`/3/tv/${id}`)).body;
      const lastSeason = field(details, 'last_episode_to_air', 'season_number') as number;
      const season = (await client.get(`/3/tv/${id}/season/${lastSeason}`)).body;
      const dates = (field(season, 'episodes') as Episode[]).map((e) => e.air_date ?? '');
      expect(dates.some((d) => d >= shift(today, -6) && d <= today)).toBe(true);
      expect(dates.some((d) => d > today && d <= shift(today, 7))).toBe(true);
    }
  });

  it('turns the next episode into the last one when the clock passes its air date', async () => {
    const id = client.catalogue.data.picks.airingThisWeek[0];
    const before = (await client.get(`/3/tv/${String(id)}`)).body;
    const next = field(before, 'next_episode_to_air') as Episode;
    const daysAhead = dayFromIso(next.air_date ?? '') - dayFromIso(client.catalogue.clock.today());
    const moved = await client.send('POST', '/__admin/clock', { advanceMs: daysAhead * DAY_MS });
    expect(moved.status).toBe(200);
    expect(field(moved.body, 'today')).toBe(next.air_date);
    const after = (await client.get(`/3/tv/${String(id)}`)).body;
    expect(field(after, 'last_episode_to_air', 'id')).toBe(next.id);
    expect(field(after, 'last_air_date')).toBe(next.air_date);
    expect(field(after, 'next_episode_to_air', 'id')).not.toBe(next.id);
    // The episode now has votes, as an aired one does; the ids and dates did not move.
    expect(field(after, 'last_episode_to_air', 'vote_count')).toBeGreaterThan(0);
    expect(field(after, 'first_air_date')).toBe(field(before, 'first_air_date'));

    client.catalogue.clock.set(START);
    const back = (await client.get(`/3/tv/${String(id)}`)).body;
    expect(field(back, 'next_episode_to_air', 'id')).toBe(next.id);
  });
});
