import { z } from 'zod';
import { errorCode } from '../base/errors';
import type { TmdbClient } from '../tmdb/types';
import { isDate } from './dates';
import type { EpisodeSnapshot, FilmSnapshot, ReleaseSnapshot, SeriesSnapshot } from './snapshots';
import { type Fetched, type TrackingSource } from './source';

/**
 * An appended season, read leniently: tracking needs numbers, names and dates, and one odd
 * episode (no date, a date like "2019-02-30", no still) must not cost the whole season.
 */
const trackedEpisode = z.looseObject({
  episode_number: z.number().int().nonnegative(),
  season_number: z.number().int().nonnegative().optional(),
  id: z.number().int().optional(),
  name: z.string().nullish(),
  overview: z.string().nullish(),
  still_path: z.string().nullish(),
  air_date: z.string().nullish(),
  runtime: z.number().int().nullish(),
});
const trackedSeason = z.looseObject({
  season_number: z.number().int().nonnegative(),
  episodes: z.array(z.unknown()),
});

const date = (value: string | null | undefined): string | null =>
  value !== null && value !== undefined && isDate(value) ? value : null;

function episodesOf(value: unknown, season: number): EpisodeSnapshot[] | undefined {
  const parsed = trackedSeason.safeParse(value);
  if (!parsed.success || parsed.data.season_number !== season) return undefined;
  const out: EpisodeSnapshot[] = [];
  for (const raw of parsed.data.episodes) {
    const ep = trackedEpisode.safeParse(raw);
    if (!ep.success) continue;
    const e = ep.data;
    out.push({
      // The season it was listed in wins over a stray number on the episode.
      season,
      episode: e.episode_number,
      id: e.id ?? null,
      name: e.name ?? '',
      overview: e.overview ?? '',
      stillPath: e.still_path ?? null,
      airDate: date(e.air_date),
      runtime: e.runtime ?? null,
    });
  }
  return out;
}

function releaseType(n: number): ReleaseSnapshot['type'] | null {
  return n === 1 || n === 2 || n === 3 || n === 4 || n === 5 || n === 6 ? n : null;
}

const appendSeasons = (seasons: readonly number[]): string =>
  seasons.map((s) => `season/${s}`).join(',');

/** Refreshes through Marquee's TMDB client: one request per series when possible. */
export function tmdbTrackingSource(client: TmdbClient): TrackingSource {
  async function seriesDetails(id: number, seasons: readonly number[], signal?: AbortSignal) {
    return client.request(
      'GET /3/tv/{series_id}',
      {
        params: { series_id: id },
        query: seasons.length > 0 ? { append_to_response: appendSeasons(seasons) } : {},
      },
      signal ? { signal } : {},
    );
  }

  return {
    async series(id, seasons, signal): Promise<Fetched<SeriesSnapshot>> {
      let details;
      try {
        details = await seriesDetails(id, seasons, signal);
      } catch (error) {
        if (errorCode(error) !== 'not_found') throw error;
        if (seasons.length === 0) return { kind: 'gone' };
        // Appends are asked blind on a first refresh: make sure the 404 is the series', not theirs.
        try {
          details = await seriesDetails(id, [], signal);
        } catch (plain) {
          if (errorCode(plain) === 'not_found') return { kind: 'gone' };
          throw plain;
        }
      }
      const record = details as Record<string, unknown>;
      const episodes = new Map<number, EpisodeSnapshot[]>();
      for (const season of seasons) {
        const list = episodesOf(record[`season/${season}`], season);
        if (list) episodes.set(season, list);
      }
      return {
        kind: 'ok',
        value: {
          id,
          name: details.name,
          posterPath: details.poster_path,
          status: details.status,
          firstAirDate: date(details.first_air_date),
          lastAirDate: date(details.last_air_date),
          nextAirDate: date(details.next_episode_to_air?.air_date),
          seasons: details.seasons.map((s) => ({
            season: s.season_number,
            name: s.name ?? null,
            episodeCount: s.episode_count,
            airDate: date(s.air_date),
            posterPath: s.poster_path,
          })),
          episodes,
        },
      };
    },

    async film(id, signal): Promise<Fetched<FilmSnapshot>> {
      let details;
      try {
        details = await client.request(
          'GET /3/movie/{movie_id}',
          { params: { movie_id: id }, query: { append_to_response: 'release_dates' } },
          signal ? { signal } : {},
        );
      } catch (error) {
        if (errorCode(error) === 'not_found') return { kind: 'gone' };
        throw error;
      }
      const releases: ReleaseSnapshot[] = [];
      for (const country of details.release_dates?.results ?? []) {
        for (const r of country.release_dates) {
          // TMDB stores a country's release day as midnight UTC: the date part is the day.
          const day = date(r.release_date.slice(0, 10));
          const type = releaseType(r.type);
          if (day !== null && type !== null)
            releases.push({ region: country.iso_3166_1, type, date: day, note: r.note ?? '' });
        }
      }
      return {
        kind: 'ok',
        value: {
          id,
          title: details.title,
          posterPath: details.poster_path,
          releaseDate: date(details.release_date),
          status: details.status,
          releases,
        },
      };
    },
  };
}
