import { describe, expect, it } from 'vitest';
import { readImport } from './index';
import { IMDB_LIST, IMDB_RATINGS, csv, encode, imdbRating, like } from './testing/builders';

const noon = (iso: string): number => Date.parse(`${iso}T12:00:00Z`);

describe('IMDb export', () => {
  it('reads ratings with tt ids, title types and dates, keeping 1–10 as it is', async () => {
    const text = csv(IMDB_RATINGS, [
      imdbRating('tt0113277', '9', 'Heat', '1995'),
      imdbRating('tt0903747', '10', 'Breaking Bad', '2008', 'TV Series', '2024-02-01'),
      imdbRating('tt0959621', '8', 'Pilot', '2008', 'tvEpisode'),
      imdbRating('tt1234567', '6', 'Some Game', '2019', 'Video Game'),
    ]);
    const parsed = await readImport({ name: 'ratings.csv', bytes: encode(text) });
    expect(parsed.format).toBe('imdb');
    expect(parsed.rows).toEqual([
      {
        kind: 'ratings',
        file: 'ratings.csv',
        line: 2,
        ref: { imdbId: 'tt0113277', title: 'Heat', year: 1995, mediaType: 'movie' },
        rating: 9,
        sourceRating: '9/10',
        ratedAt: noon('2024-03-01'),
      },
      like({
        ref: like({ imdbId: 'tt0903747', mediaType: 'tv' }),
        rating: 10,
        ratedAt: noon('2024-02-01'),
      }),
      like({
        ref: like({ imdbId: 'tt0959621', mediaType: 'episode' }),
      }),
    ]);
    expect(parsed.problems).toEqual([
      {
        file: 'ratings.csv',
        line: 5,
        message: 'a Video Game is not a film or a series, so it is not imported',
      },
    ]);
  });

  it('reads an older export without Original Title, with columns in another order', async () => {
    const text = csv(
      ['Title', 'Const', 'Year', 'Title Type', 'created', 'Your Rating', 'Date Rated'],
      [['Alien', 'tt0078748', '1979', 'movie', 'x', '7', 'Sat Mar 22 00:00:00 2014']],
    );
    const parsed = await readImport({ name: 'export.csv', bytes: encode(text) });
    expect(parsed.rows).toEqual([
      like({
        ref: { imdbId: 'tt0078748', title: 'Alien', year: 1979, mediaType: 'movie' },
        rating: 7,
        ratedAt: noon('2014-03-22'),
      }),
    ]);
  });

  it('reads the watchlist and a list, with ratings some list exports append', async () => {
    const row = (pos: string, id: string, title: string, type = 'Movie'): string[] => [
      pos,
      id,
      '2024-01-02',
      '2024-01-03',
      '',
      title,
      title,
      '',
      type,
      '7',
      '100',
      '2001',
      'Drama',
      '5',
      '2001-01-01',
      'X',
    ];
    const watchlist = await readImport({
      name: 'WATCHLIST.csv',
      bytes: encode(
        csv(IMDB_LIST, [
          row('1', 'tt0211915', 'Amélie'),
          row('2', 'tt0903747', 'Breaking Bad', 'tvSeries'),
        ]),
      ),
    });
    expect(watchlist.rows).toEqual([
      {
        kind: 'watchlist',
        file: 'WATCHLIST.csv',
        line: 2,
        ref: { imdbId: 'tt0211915', title: 'Amélie', year: 2001, mediaType: 'movie' },
        addedAt: noon('2024-01-02'),
      },
      like({
        kind: 'watchlist',
        ref: like({ mediaType: 'tv' }),
      }),
    ]);
    const list = await readImport({
      name: 'ls012345678.csv',
      bytes: encode(
        csv(
          [...IMDB_LIST, 'Your Rating', 'Date Rated'],
          [[...row('1', 'tt0211915', 'Amélie'), '8', '2024-01-05']],
        ),
      ),
    });
    expect(list.rows).toEqual([
      like({ kind: 'ratings', rating: 8 }),
      like({
        kind: 'lists',
        list: { name: 'ls012345678', description: '' },
        position: 1,
      }),
    ]);
  });

  it('reports rows with a bad id or rating and reads the others', async () => {
    const text = csv(IMDB_RATINGS, [
      imdbRating('nm0000158', '9', 'A person', '1995'),
      imdbRating('tt0113277', '11', 'Heat', '1995'),
      imdbRating('tt0078748', '7', 'Alien', '1979'),
    ]);
    const parsed = await readImport({ name: 'ratings.csv', bytes: encode(text) });
    expect(parsed.rows.map((r) => r.ref.imdbId)).toEqual(['tt0078748']);
    expect(parsed.problems).toEqual([
      { file: 'ratings.csv', line: 2, message: '"nm0000158" is not an IMDb title id' },
      { file: 'ratings.csv', line: 3, message: '"11" is not a rating from 1 to 10' },
    ]);
  });

  it('reads an IMDb-style file with TMDB ids where the tt id is unknown, episodes included', async () => {
    const text = csv(
      ['Const', 'Your Rating', 'Date Rated', 'Title', 'URL', 'Title Type', 'Year', 'TMDb ID'],
      [
        [
          '',
          '8',
          '2024-02-01',
          'Heat',
          'https://www.themoviedb.org/movie/949',
          'movie',
          '1995',
          '949',
        ],
        [
          '',
          '9',
          '2024-02-02',
          'Breaking Bad S1E2',
          'https://www.themoviedb.org/tv/1396/season/1/episode/2',
          'tvEpisode',
          '2008',
          '1396',
        ],
        ['', '7', '2024-02-03', 'No ids', '', 'movie', '2001', ''],
      ],
    );
    const parsed = await readImport({ name: 'marquee-imdb-ratings.csv', bytes: encode(text) });
    expect(parsed.rows).toEqual([
      like({ ref: { tmdbId: 949, title: 'Heat', year: 1995, mediaType: 'movie' }, rating: 8 }),
      like({ ref: like({ tmdbId: 1396, mediaType: 'tv' }), rating: 9, season: 1, episode: 2 }),
    ]);
    expect(parsed.problems).toEqual([
      { file: 'marquee-imdb-ratings.csv', line: 4, message: 'the row has no IMDb id (Const)' },
    ]);
  });
});
