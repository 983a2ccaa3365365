import { addEpisode, addPlay, facts, rate, tempStats, type TempStats } from './temp-stats';

const at = (iso: string): number => Date.parse(iso);

/**
 * The known history the stats tests count over, on a clock fixed at 10 March 2025, 12:00 UTC.
 * Film 1 (120 min, French, 1994, Drama + Crime, US + FR) watched twice plus once undated; film 2
 * (no runtime, no genres, no language); film 3 with no facts yet; series 100 (episodes of 40,
 * unknown and 0 minutes, so the series' 45 stands in) with a rewatch.
 */
export function sampleHistory(): TempStats {
  const t = tempStats({ now: at('2025-03-10T12:00:00Z') });
  const { db } = t;
  t.store.facts.save(
    facts('movie', 1, {
      title: 'Film One',
      runtime: 120,
      language: 'fr',
      releaseDate: '1994-09-10',
      genres: [
        { id: 18, name: 'Drama' },
        { id: 80, name: 'Crime' },
      ],
      countries: ['US', 'FR'],
      voteAverage: 8.2,
      voteCount: 500,
      cast: [1, 2],
      directors: [10],
    }),
    1,
  );
  t.store.facts.save(
    facts('movie', 2, {
      runtime: null,
      language: null,
      releaseDate: null,
      genres: [],
      countries: [],
      voteAverage: null,
      voteCount: null,
    }),
    1,
  );
  t.store.facts.save(
    facts('tv', 100, {
      title: 'The Series',
      runtime: 45,
      releaseDate: '2010-01-01',
      genres: [
        { id: 18, name: 'Drama' },
        { id: 35, name: 'Comedy' },
      ],
      voteAverage: 7.5,
      cast: [1, 3],
      directors: [11],
    }),
    1,
  );
  addEpisode(db, 100, 1, 1, 40);
  addEpisode(db, 100, 1, 2, null);
  addEpisode(db, 100, 1, 3, 0);
  addPlay(db, { movie: 1, at: at('2025-03-08T20:00:00Z') });
  addPlay(db, { movie: 1, at: at('2025-03-09T10:00:00Z') });
  addPlay(db, { movie: 1, at: null });
  addPlay(db, { movie: 2, at: at('2024-10-15T12:00:00Z') });
  addPlay(db, { movie: 3, at: at('2025-03-01T12:00:00Z') });
  addPlay(db, { series: 100, season: 1, episode: 1, at: at('2025-03-10T09:00:00Z') });
  addPlay(db, { series: 100, season: 1, episode: 2, at: at('2025-03-10T10:00:00Z') });
  addPlay(db, { series: 100, season: 1, episode: 3, at: at('2025-02-01T12:00:00Z') });
  addPlay(db, { series: 100, season: 1, episode: 1, at: at('2024-12-31T23:30:00Z') });
  rate(db, 'movie', 1, 9);
  rate(db, 'tv', 100, 6.5);
  rate(db, 'movie', 2, 8);
  rate(db, 'movie', 3, 5);
  return t;
}
