import { zipSync } from 'fflate';
import { imdbIdOf } from '../data/movie-details';
import type { TitleCore } from '../data/catalogue';
import { viewingDay, yearOf, type SamplePicks } from './picks';

type Json = Record<string, unknown>;

const at = (day: number, minutes = 0): string =>
  new Date(day * 86_400_000 + (20 * 60 + minutes) * 60_000).toISOString();

function ids(core: TitleCore, tmdb: boolean): Json {
  return {
    trakt: 50_000 + core.id,
    slug: core.title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, ''),
    imdb: imdbIdOf(core.kind, core.index),
    tmdb: tmdb ? core.id : null,
    ...(core.kind === 'tv' ? { tvdb: 70_000 + core.index } : {}),
  };
}

const movie = (core: TitleCore, tmdb = true): Json => ({
  title: core.title,
  year: yearOf(core),
  ids: ids(core, tmdb),
});
const show = (core: TitleCore): Json => ({
  title: core.title,
  year: yearOf(core),
  ids: ids(core, true),
});

/** Trakt splits a long history every 250 plays; the sample splits every 20 to show the shape. */
const HISTORY_PAGE = 20;

/**
 * A Trakt export zip: per-play history split over numbered files (films and episodes, with a
 * rewatch), per-title totals, ratings of films, shows and episodes, the watchlist, one custom
 * list, and files an importer must leave alone (collection, hidden, user settings). Hard entries:
 * a film without a TMDB id named like two catalogue films (ambiguous), a film Trakt knows only by
 * an unknown name (unmatched), and a TMDB id the catalogue does not have.
 */
export function traktSample(picks: SamplePicks): Uint8Array {
  const films = picks.films.slice(8, 22);
  const plays: { day: number; minutes: number; item: Json }[] = [];
  films.forEach((core, k) => {
    const day = viewingDay(picks, core, k + 5);
    plays.push({ day, minutes: 0, item: { action: 'watch', type: 'movie', movie: movie(core) } });
    if (k === 0)
      plays.push({
        day: Math.min(picks.startDay - 1, day + 120),
        minutes: 0,
        item: { action: 'checkin', type: 'movie', movie: movie(core) },
      });
  });
  for (const [s, { core, episodes }] of picks.series.entries()) {
    const seen = episodes.slice(0, s === 0 ? 10 : 4);
    for (const ep of seen) {
      const day = Math.min(picks.startDay - 1, ep.day + 1 + s);
      plays.push({
        day,
        minutes: ep.episode,
        item: {
          action: 'scrobble',
          type: 'episode',
          episode: {
            season: ep.season,
            number: ep.episode,
            title: `Episode ${ep.episode}`,
            ids: {
              trakt: 900_000 + core.index * 1000 + ep.season * 50 + ep.episode,
              tvdb: null,
              imdb: null,
              tmdb: null,
            },
          },
          show: show(core),
        },
      });
    }
  }
  if (picks.twins) {
    const [, second] = picks.twins;
    plays.push({
      day: picks.startDay - 33,
      minutes: 0,
      item: {
        action: 'watch',
        type: 'movie',
        movie: {
          title: second.title,
          year: null,
          ids: { trakt: 777_001, slug: 'twin', imdb: null, tmdb: null, tvdb: null },
        },
      },
    });
  }
  plays.push({
    day: picks.startDay - 44,
    minutes: 0,
    item: {
      action: 'watch',
      type: 'movie',
      movie: {
        title: picks.invented[2] ?? '',
        year: 2001,
        ids: { trakt: 777_002, slug: 'unknown', imdb: null, tmdb: null, tvdb: null },
      },
    },
  });
  plays.push({
    day: picks.startDay - 45,
    minutes: 0,
    item: {
      action: 'watch',
      type: 'movie',
      movie: {
        title: 'Gone From TMDB',
        year: 1999,
        ids: { trakt: 777_003, slug: 'gone', imdb: null, tmdb: 99_999_991, tvdb: null },
      },
    },
  });
  plays.sort((a, b) => b.day - a.day || b.minutes - a.minutes);
  const history = plays.map((p, k) => ({
    id: 8_000_000 - k,
    watched_at: at(p.day, p.minutes),
    ...p.item,
  }));

  const files: Record<string, Uint8Array> = {};
  const put = (name: string, value: unknown): void => {
    files[name] = new TextEncoder().encode(JSON.stringify(value, null, 2));
  };
  for (let page = 0; page * HISTORY_PAGE < history.length; page++)
    put(
      `watched-history-${page + 1}.json`,
      history.slice(page * HISTORY_PAGE, (page + 1) * HISTORY_PAGE),
    );

  put(
    'watched-movies.json',
    films.map((core, k) => ({
      plays: k === 0 ? 2 : 1,
      last_watched_at: at(viewingDay(picks, core, k + 5)),
      last_updated_at: at(viewingDay(picks, core, k + 5)),
      movie: movie(core),
    })),
  );
  put(
    'watched-shows.json',
    picks.series.map(({ core, episodes }, s) => {
      const seen = episodes.slice(0, s === 0 ? 10 : 4);
      const seasons = [...new Set(seen.map((e) => e.season))].map((number) => ({
        number,
        episodes: seen
          .filter((e) => e.season === number)
          .map((e) => ({
            number: e.episode,
            plays: 1,
            last_watched_at: at(Math.min(picks.startDay - 1, e.day + 1 + s), e.episode),
          })),
      }));
      return {
        plays: seen.length,
        last_watched_at: at(picks.startDay - 2),
        show: show(core),
        seasons,
      };
    }),
  );
  const rate = (core: TitleCore): number => Math.max(1, Math.min(10, Math.round(core.voteAverage)));
  put(
    'ratings-movies.json',
    films.slice(0, 8).map((core, k) => ({
      rated_at: at(viewingDay(picks, core, k + 5), 130),
      rating: rate(core),
      type: 'movie',
      movie: movie(core),
    })),
  );
  put(
    'ratings-shows.json',
    picks.series.slice(0, 2).map(({ core }) => ({
      rated_at: at(picks.startDay - 3),
      rating: rate(core),
      type: 'show',
      show: show(core),
    })),
  );
  put('ratings-seasons.json', []);
  const firstSeries = picks.series[0];
  const firstEpisode = firstSeries?.episodes[0];
  put(
    'ratings-episodes.json',
    firstSeries && firstEpisode
      ? [
          {
            rated_at: at(firstEpisode.day + 1, 60),
            rating: 9,
            type: 'episode',
            episode: {
              season: firstEpisode.season,
              number: firstEpisode.episode,
              title: 'Episode 1',
              ids: { trakt: 1, tvdb: null, imdb: null, tmdb: null },
            },
            show: show(firstSeries.core),
          },
        ]
      : [],
  );

  const watchlistFilms = picks.films.slice(28, 33);
  put('lists-watchlist.json', [
    ...watchlistFilms.map((core, k) => ({
      rank: k + 1,
      id: 600 + k,
      listed_at: at(picks.startDay - 12 - k * 5),
      notes: null,
      type: 'movie',
      movie: movie(core),
    })),
    ...picks.series.slice(2, 3).map(({ core }, k) => ({
      rank: watchlistFilms.length + k + 1,
      id: 700 + k,
      listed_at: at(picks.startDay - 8),
      notes: null,
      type: 'show',
      show: show(core),
    })),
  ]);
  put('lists-lists.json', [
    {
      name: 'Rainy-day rewatches',
      description: 'Comfort films for grey afternoons.',
      privacy: 'private',
      share_link: null,
      type: 'personal',
      display_numbers: true,
      allow_comments: true,
      sort_by: 'rank',
      sort_how: 'asc',
      created_at: at(picks.startDay - 200),
      updated_at: at(picks.startDay - 20),
      item_count: 4,
      comment_count: 0,
      likes: 0,
      ids: { trakt: 4242, slug: 'rainy-day-rewatches' },
    },
  ]);
  put(
    'lists-rainy-day-rewatches.json',
    picks.films.slice(33, 37).map((core, k) => ({
      rank: k + 1,
      id: 800 + k,
      listed_at: at(picks.startDay - 150 + k),
      notes: null,
      type: 'movie',
      movie: movie(core),
    })),
  );
  put('lists-favorites.json', []);
  put(
    'collection-movies.json',
    films.slice(0, 3).map((core) => ({
      collected_at: at(picks.startDay - 400),
      updated_at: at(picks.startDay - 400),
      movie: movie(core),
    })),
  );
  put('hidden-progress_watched.json', []);
  put('user-settings.json', {
    user: { username: 'marquee-demo', private: true, vip: false },
    account: { timezone: 'Europe/London' },
  });
  return zipSync(files, { level: 6, mtime: new Date(picks.startDay * 86_400_000) });
}
