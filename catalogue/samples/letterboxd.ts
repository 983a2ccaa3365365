import Papa from 'papaparse';
import { zipSync } from 'fflate';
import { isoDay } from '../data/days';
import type { TitleCore } from '../data/catalogue';
import { viewingDay, yearOf, type SamplePicks } from './picks';

const encoder = new TextEncoder();
const csv = (header: string[], rows: (string | number)[][]): Uint8Array =>
  encoder.encode(`${Papa.unparse({ fields: header, data: rows }, { newline: '\n' })}\n`);

const uri = (core: TitleCore): string => `https://boxd.it/${(core.id * 7919).toString(36)}`;
const stars = (core: TitleCore): string =>
  String(Math.max(1, Math.min(10, Math.round(core.voteAverage))) / 2);

/**
 * A Letterboxd export as Letterboxd's zip has it: diary (with rewatches and ratings), watched,
 * ratings, watchlist, liked films, one list with its header block, and the files an importer
 * must leave alone (reviews, profile, comments, deleted/). A few rows are deliberately hard: two
 * films share a name, one year is off by one, and two titles exist nowhere in the catalogue.
 */
export function letterboxdSample(picks: SamplePicks): Uint8Array {
  const { films, invented } = picks;
  const diaryFilms = films.slice(0, 14);
  const diary: (string | number)[][] = [];
  diaryFilms.forEach((core, k) => {
    const day = viewingDay(picks, core, k);
    const logged = isoDay(day + (k % 3 === 0 ? 1 : 0));
    diary.push([
      logged,
      core.title,
      yearOf(core),
      uri(core),
      k % 4 === 3 ? '' : stars(core),
      '',
      '',
      isoDay(day),
    ]);
    // Two favourites seen again a few months later.
    if (k < 2) {
      const again = Math.min(picks.startDay - 2, day + 90);
      diary.push([
        isoDay(again),
        core.title,
        yearOf(core),
        uri(core),
        stars(core),
        'Yes',
        'rewatch',
        isoDay(again),
      ]);
    }
  });
  const hard: (string | number)[][] = [];
  if (picks.twins) {
    const [first] = picks.twins;
    const day = viewingDay(picks, first, 30);
    hard.push([isoDay(day), first.title, '', uri(first), '3.5', '', '', isoDay(day)]);
  }
  const offByOne = films[14];
  if (offByOne) {
    const day = viewingDay(picks, offByOne, 31);
    hard.push([
      isoDay(day),
      offByOne.title,
      yearOf(offByOne) + 1,
      uri(offByOne),
      '4',
      '',
      '',
      isoDay(day),
    ]);
  }
  const lost = picks.startDay - 40;
  hard.push([
    isoDay(lost),
    invented[0] ?? '',
    1987,
    'https://boxd.it/zz1',
    '3',
    '',
    '',
    isoDay(lost),
  ]);
  diary.push(...hard);
  diary.sort((a, b) => String(a[7]).localeCompare(String(b[7])));

  const extraWatched = films.slice(15, 18);
  const watched = [...diaryFilms, ...extraWatched].map((core, k) => [
    isoDay(viewingDay(picks, core, k)),
    core.title,
    yearOf(core),
    uri(core),
  ]);
  const ratings = [...diaryFilms.slice(0, 10), ...extraWatched].map((core, k) => [
    isoDay(viewingDay(picks, core, k)),
    core.title,
    yearOf(core),
    uri(core),
    stars(core),
  ]);
  const watchlistFilms = films.slice(18, 23);
  const watchlist = watchlistFilms.map((core, k) => [
    isoDay(picks.startDay - 10 - k * 6),
    core.title,
    yearOf(core),
    uri(core),
  ]);
  watchlist.push([isoDay(picks.startDay - 50), invented[1] ?? '', 2019, 'https://boxd.it/zz2']);
  const likes = diaryFilms
    .slice(0, 3)
    .map((core, k) => [isoDay(picks.startDay - 30 - k), core.title, yearOf(core), uri(core)]);

  const listFilms = films.slice(23, 28);
  const listCsv = [
    'Letterboxd list export v7',
    Papa.unparse(
      {
        fields: ['Date', 'Name', 'Tags', 'URL', 'Description'],
        data: [
          [
            isoDay(picks.startDay - 120),
            'Late-night picks',
            'night, slow',
            'https://letterboxd.com/marquee-demo/list/late-night-picks/',
            'Films for after midnight, quiet and strange.',
          ],
        ],
      },
      { newline: '\n' },
    ),
    '',
    Papa.unparse(
      {
        fields: ['Position', 'Name', 'Year', 'URL', 'Description'],
        data: listFilms.map((core, k) => [
          k + 1,
          core.title,
          yearOf(core),
          uri(core),
          k === 0 ? 'Start here, with the lights off.' : '',
        ]),
      },
      { newline: '\n' },
    ),
    '',
  ].join('\n');

  const files = {
    'profile.csv': csv(
      [
        'Date Joined',
        'Username',
        'Given Name',
        'Family Name',
        'Email Address',
        'Location',
        'Website',
        'Bio',
        'Pronoun',
        'Favorite Films',
      ],
      [
        [
          isoDay(picks.startDay - 900),
          'marquee-demo',
          'Demo',
          'Viewer',
          '',
          '',
          '',
          '',
          'they/them',
          '',
        ],
      ],
    ),
    'diary.csv': csv(
      ['Date', 'Name', 'Year', 'Letterboxd URI', 'Rating', 'Rewatch', 'Tags', 'Watched Date'],
      diary,
    ),
    'watched.csv': csv(['Date', 'Name', 'Year', 'Letterboxd URI'], watched),
    'ratings.csv': csv(['Date', 'Name', 'Year', 'Letterboxd URI', 'Rating'], ratings),
    'watchlist.csv': csv(['Date', 'Name', 'Year', 'Letterboxd URI'], watchlist),
    'reviews.csv': csv(
      [
        'Date',
        'Name',
        'Year',
        'Letterboxd URI',
        'Rating',
        'Rewatch',
        'Review',
        'Tags',
        'Watched Date',
      ],
      diaryFilms
        .slice(0, 1)
        .map((core) => [
          isoDay(viewingDay(picks, core, 0)),
          core.title,
          yearOf(core),
          uri(core),
          stars(core),
          '',
          'Slow, then all at once.\nWorth it, for the last shot.',
          '',
          isoDay(viewingDay(picks, core, 0)),
        ]),
    ),
    'comments.csv': csv(['Date', 'Content', 'Comment'], []),
    'likes/films.csv': csv(['Date', 'Name', 'Year', 'Letterboxd URI'], likes),
    'lists/late-night-picks.csv': encoder.encode(listCsv),
    'deleted/diary.csv': csv(
      ['Date', 'Name', 'Year', 'Letterboxd URI', 'Rating', 'Rewatch', 'Tags', 'Watched Date'],
      [
        [
          isoDay(picks.startDay - 300),
          invented[2] ?? '',
          2001,
          'https://boxd.it/zz3',
          '',
          '',
          '',
          isoDay(picks.startDay - 300),
        ],
      ],
    ),
  };
  return zipSync(files, { level: 6, mtime: new Date(picks.startDay * 86_400_000) });
}
