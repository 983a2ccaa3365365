import Papa from 'papaparse';
import { isoDay } from '../data/days';
import { imdbIdOf } from '../data/movie-details';
import type { TitleCore } from '../data/catalogue';
import { viewingDay, yearOf, type SamplePicks } from './picks';

const HEADER = [
  'Const',
  'Your Rating',
  'Date Rated',
  'Title',
  'Original Title',
  'URL',
  'Title Type',
  'IMDb Rating',
  'Runtime (mins)',
  'Year',
  'Genres',
  'Num Votes',
  'Release Date',
  'Directors',
];

function row(
  id: string,
  rating: number,
  day: number,
  core: { title: string; date: string; voteAverage: number; voteCount: number },
  type: string,
  year: number | '',
): (string | number)[] {
  return [
    id,
    rating,
    isoDay(day),
    core.title,
    core.title,
    `https://www.imdb.com/title/${id}/`,
    type,
    core.voteAverage.toFixed(1),
    104,
    year,
    'Drama, Thriller',
    core.voteCount,
    core.date,
    'Marquee Demo, Another Director',
  ];
}

/**
 * An IMDb ratings export (`Your Rating` 1–10), with films and series identified by the tt ids the
 * catalogue's external ids give them. Hard rows: a tt id IMDb has but the catalogue does not,
 * named like the two films that share a name (ambiguous by title); an unknown id with an unknown
 * title (unmatched); an episode and a video game (not films or series).
 */
export function imdbSample(picks: SamplePicks): Uint8Array {
  const rows: (string | number)[][] = [];
  const rate = (core: TitleCore): number =>
    Math.max(1, Math.min(10, Math.round(core.voteAverage + ((core.index % 3) - 1))));
  picks.films.slice(4, 20).forEach((core, k) => {
    rows.push(
      row(
        imdbIdOf('movie', core.index),
        rate(core),
        viewingDay(picks, core, k + 3),
        core,
        k % 5 === 4 ? 'TV Movie' : 'Movie',
        yearOf(core),
      ),
    );
  });
  picks.series.forEach(({ core, episodes }, k) => {
    const last = episodes[episodes.length - 1];
    rows.push(
      row(
        imdbIdOf('tv', core.index),
        rate(core),
        Math.max(last?.day ?? 0, picks.startDay - 30 - k * 7),
        core,
        k === 1 ? 'TV Mini Series' : 'TV Series',
        yearOf(core),
      ),
    );
  });
  if (picks.twins) {
    const [first] = picks.twins;
    // Listed under an id the catalogue does not know, and with no year, as old IMDb entries can be.
    rows.push(row('tt0999901', 6, picks.startDay - 70, first, 'Movie', ''));
  }
  const ghost = {
    title: picks.invented[3] ?? '',
    date: '2011-09-09',
    voteAverage: 6.8,
    voteCount: 2120,
  };
  rows.push(row('tt0999902', 7, picks.startDay - 80, ghost, 'Movie', 2011));
  const firstSeries = picks.series[0];
  if (firstSeries) {
    const episodeTitle = {
      title: `${firstSeries.core.title}: Episode #1.1`,
      date: firstSeries.core.date,
      voteAverage: 8.1,
      voteCount: 900,
    };
    rows.push(
      row(
        'tt0999903',
        9,
        picks.startDay - 90,
        episodeTitle,
        'TV Episode',
        yearOf(firstSeries.core),
      ),
    );
  }
  rows.push(
    row(
      'tt0999904',
      8,
      picks.startDay - 95,
      { title: 'Harbour Lights: The Game', date: '2018-03-03', voteAverage: 7.7, voteCount: 310 },
      'Video Game',
      2018,
    ),
  );
  rows.sort((a, b) => String(b[2]).localeCompare(String(a[2])));
  return new TextEncoder().encode(
    `${Papa.unparse({ fields: HEADER, data: rows }, { newline: '\r\n' })}\r\n`,
  );
}
