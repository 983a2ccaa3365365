import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ImportFileError, type ImportRow } from '../rows';
import { readImport } from './index';
import {
  LB_BASIC,
  LB_RATINGS,
  csv,
  diaryCsv,
  encode,
  letterboxdList,
  zipOf,
  like,
  matching,
} from './testing/builders';

const noon = (iso: string): number => Date.parse(`${iso}T12:00:00Z`);

function exportFiles(): Record<string, string> {
  return {
    'diary.csv': diaryCsv([
      { name: 'Heat', year: '1995', watched: '2024-01-05', rating: '4.5', logged: '2024-01-06' },
      { name: 'Heat', year: '1995', watched: '2024-03-01', rating: '5', rewatch: true },
      { name: 'Amélie', year: '2001', watched: '2024-02-10', tags: 'paris, romance' },
    ]),
    'watched.csv': csv(LB_BASIC, [
      ['2024-01-06', 'Heat', '1995', 'https://boxd.it/29sQ'],
      ['2024-02-10', 'Amélie', '2001', 'https://boxd.it/2b0k'],
      ['2023-11-11', 'Brazil', '1985', 'https://boxd.it/1z2k'],
    ]),
    'ratings.csv': csv(LB_RATINGS, [
      ['2024-03-01', 'Heat', '1995', 'https://boxd.it/29sQ', '5'],
      ['2023-11-11', 'Brazil', '1985', 'https://boxd.it/1z2k', '0.5'],
    ]),
    'watchlist.csv': csv(LB_BASIC, [['2024-04-01', 'Paris, Texas', '1984', 'https://boxd.it/x']]),
    'likes/films.csv': csv(LB_BASIC, [['2024-04-02', 'Heat', '1995', 'https://boxd.it/29sQ']]),
    'lists/rainy-sundays.csv': letterboxdList('Rainy Sundays', 'Films for "grey" days, with tea', [
      { name: 'Brazil', year: '1985' },
      { name: 'Heat', year: '1995' },
    ]),
    'reviews.csv': csv(
      [...LB_RATINGS, 'Rewatch', 'Review', 'Tags', 'Watched Date'],
      [['2024-01-06', 'Heat', '1995', 'u', '4.5', '', 'Long,\nreview', '', '2024-01-05']],
    ),
    'likes/reviews.csv': csv(LB_BASIC, [['2024-04-03', 'Liked Review Film', '2010', 'u']]),
    'deleted/diary.csv': diaryCsv([{ name: 'Gone', year: '2000', watched: '2020-01-01' }]),
    'profile.csv': csv(['Date Joined', 'Username'], [['2019-01-01', 'someone']]),
  };
}

const byKind = (rows: ImportRow[], kind: ImportRow['kind']): ImportRow[] =>
  rows.filter((r) => r.kind === kind);

describe('Letterboxd export', () => {
  it('reads a whole export zip into watched, rating, watchlist, favourite and list rows', async () => {
    const parsed = await readImport({
      name: 'letterboxd-someone-2024.zip',
      bytes: zipOf(exportFiles()),
    });
    expect(parsed.format).toBe('letterboxd');
    expect(parsed.problems).toEqual([]);
    expect(parsed.files.sort()).toEqual([
      'diary.csv',
      'likes/films.csv',
      'lists/rainy-sundays.csv',
      'ratings.csv',
      'watched.csv',
      'watchlist.csv',
    ]);

    expect(byKind(parsed.rows, 'watched')).toEqual([
      {
        kind: 'watched',
        file: 'diary.csv',
        line: 2,
        ref: { title: 'Heat', year: 1995, mediaType: 'movie' },
        watchedAt: noon('2024-01-05'),
        rewatch: false,
      },
      {
        kind: 'watched',
        file: 'diary.csv',
        line: 3,
        ref: { title: 'Heat', year: 1995, mediaType: 'movie' },
        watchedAt: noon('2024-03-01'),
        rewatch: true,
      },
      {
        kind: 'watched',
        file: 'diary.csv',
        line: 4,
        ref: { title: 'Amélie', year: 2001, mediaType: 'movie' },
        watchedAt: noon('2024-02-10'),
        rewatch: false,
      },
      // Watched without a diary entry: no viewing date is known.
      {
        kind: 'watched',
        file: 'watched.csv',
        line: 4,
        ref: { title: 'Brazil', year: 1985, mediaType: 'movie' },
        watchedAt: null,
        rewatch: false,
      },
    ]);
    // ratings.csv wins over the diary's ratings; stars become TMDB's 1–10.
    expect(byKind(parsed.rows, 'ratings')).toEqual([
      like({
        ref: like({ title: 'Heat' }),
        rating: 10,
        sourceRating: '5 stars',
        ratedAt: noon('2024-03-01'),
      }),
      like({
        ref: like({ title: 'Brazil' }),
        rating: 1,
        sourceRating: '0.5 stars',
      }),
    ]);
    expect(byKind(parsed.rows, 'watchlist')).toEqual([
      like({
        ref: { title: 'Paris, Texas', year: 1984, mediaType: 'movie' },
        addedAt: noon('2024-04-01'),
      }),
    ]);
    expect(byKind(parsed.rows, 'favourites')).toEqual([
      like({
        file: 'likes/films.csv',
        ref: like({ title: 'Heat' }),
      }),
    ]);
    expect(byKind(parsed.rows, 'lists')).toEqual([
      like({
        line: 6,
        list: { name: 'Rainy Sundays', description: 'Films for "grey" days, with tea' },
        position: 1,
        ref: like({ title: 'Brazil' }),
      }),
      like({
        line: 7,
        position: 2,
        ref: like({ title: 'Heat' }),
      }),
    ]);
    // Nothing from deleted/ is imported.
    expect(parsed.rows.some((r) => r.ref.title === 'Gone')).toBe(false);
  });

  it('reads the same export unzipped into a folder (inside another folder)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'marquee-lb-'));
    try {
      for (const [name, text] of Object.entries(exportFiles())) {
        const path = join(dir, 'letterboxd-someone', name);
        mkdirSync(join(path, '..'), { recursive: true });
        writeFileSync(path, text);
      }
      const fromFolder = await readImport({ path: dir });
      const fromZip = await readImport({ name: 'x.zip', bytes: zipOf(exportFiles()) });
      expect(fromFolder.rows.map(({ file: _file, ...rest }) => rest)).toEqual(
        fromZip.rows.map(({ file: _file, ...rest }) => rest),
      );
      expect(fromFolder.files).toContain('letterboxd-someone/diary.csv');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('uses the diary ratings when the export has no ratings.csv (latest viewing wins)', async () => {
    const parsed = await readImport({
      name: 'diary.csv',
      bytes: encode(exportFiles()['diary.csv'] ?? ''),
    });
    expect(byKind(parsed.rows, 'ratings')).toEqual([
      like({ line: 3, rating: 10, sourceRating: '5 stars' }),
    ]);
  });

  it('reads columns by name: reordered, extra and with BOM and CRLF', async () => {
    const text =
      '\uFEFFWatched Date,Extra,Rewatch,Year,Name,Letterboxd URI,Date\r\n2024-05-01,x,Yes,1979,Alien,u,2024-05-02\r\n';
    const parsed = await readImport({ name: 'export.txt', bytes: encode(text) });
    expect(parsed.rows).toEqual([
      {
        kind: 'watched',
        file: 'export.txt',
        line: 2,
        ref: { title: 'Alien', year: 1979, mediaType: 'movie' },
        watchedAt: noon('2024-05-01'),
        rewatch: true,
      },
    ]);
  });

  it('reports bad rows one by one and still reads the others', async () => {
    const text = diaryCsv([
      { name: 'Heat', year: '1995', watched: '2024-01-05', rating: '4.5' },
      { name: '', year: '1995', watched: '2024-01-05' },
      { name: 'Alien', year: 'nineteen', watched: '2024-01-05' },
      { name: 'Brazil', year: '1985', watched: '05/06/2024' },
      { name: 'Ran', year: '1985', watched: '2024-01-07', rating: '7' },
    ]);
    const parsed = await readImport({ name: 'diary.csv', bytes: encode(text) });
    expect(byKind(parsed.rows, 'watched').map((r) => r.ref.title)).toEqual(['Heat', 'Ran']);
    expect(parsed.problems).toEqual([
      { file: 'diary.csv', line: 3, message: 'the row has no film name' },
      { file: 'diary.csv', line: 4, message: '"nineteen" is not a year' },
      {
        file: 'diary.csv',
        line: 5,
        message: matching(/^Watched Date: .*day\/month or month\/day/),
      },
      { file: 'diary.csv', line: 6, message: '"7" is not a rating of 0.5 to 5 stars' },
    ]);
  });

  it('keeps a 10,000-character title readable by capping it, and still imports the row', async () => {
    const long = 'Long '.repeat(2_000);
    const parsed = await readImport({
      name: 'watchlist.csv',
      bytes: encode(csv(LB_BASIC, [['2024-04-01', long, '1999', 'u']])),
    });
    expect(parsed.rows[0]?.ref.title).toHaveLength(501);
    expect(parsed.rows[0]?.ref.title?.endsWith('…')).toBe(true);
  });

  it('reports a file missing a needed column and reads the rest of the export', async () => {
    const files = exportFiles();
    files['ratings.csv'] = csv(
      ['Date', 'Name', 'Year', 'Letterboxd URI', 'Stars'],
      [['2024-01-01', 'Heat', '1995', 'u', '3']],
    );
    const parsed = await readImport({ name: 'x.zip', bytes: zipOf(files) });
    expect(parsed.problems).toEqual([
      { file: 'ratings.csv', line: 1, message: matching(/no "Rating" column/) },
    ]);
    expect(byKind(parsed.rows, 'watched')).toHaveLength(4);
  });

  it('asks which list a lone watched-or-watchlist file is, rather than guessing', async () => {
    const text = csv(LB_BASIC, [['2024-04-01', 'Heat', '1995', 'u']]);
    await expect(readImport({ name: 'export (1).csv', bytes: encode(text) })).rejects.toThrow(
      /watched films or its watchlist/,
    );
    const named = await readImport({ name: 'watchlist.csv', bytes: encode(text) });
    expect(named.rows).toEqual([like({ kind: 'watchlist' })]);
  });

  it('refuses a list file without its header block', async () => {
    const text = 'Letterboxd list export v7\nPosition,Name,Year\n1,Heat,1995\n';
    await expect(readImport({ name: 'list.csv', bytes: encode(text) })).rejects.toThrow(
      ImportFileError,
    );
    await expect(readImport({ name: 'list.csv', bytes: encode(text) })).rejects.toThrow(
      /no list header block/,
    );
  });

  it("reads Letterboxd's import format (as Marquee and other services export it)", async () => {
    const text = csv(
      ['tmdbID', 'Title', 'Year', 'Rating10', 'WatchedDate', 'Rewatch'],
      [
        ['949', 'Heat', '1995', '9', '2024-01-05', 'false'],
        ['949', 'Heat', '1995', '9.5', '2024-03-01', 'true'],
        ['680', 'Pulp Fiction', '1994', '8', '', 'false'],
        ['', 'Brazil', '1985', '', '', 'false'],
        ['x12', 'Bad', '2000', '', '', ''],
        ['603', 'The Matrix', '1999', '11', '2024-01-01', ''],
      ],
    );
    const parsed = await readImport({
      name: 'marquee-letterboxd-2024-04-01.csv',
      bytes: encode(text),
    });
    expect(parsed.format).toBe('letterboxd');
    expect(parsed.rows).toEqual([
      {
        kind: 'watched',
        file: 'marquee-letterboxd-2024-04-01.csv',
        line: 2,
        ref: { tmdbId: 949, title: 'Heat', year: 1995, mediaType: 'movie' },
        watchedAt: noon('2024-01-05'),
        rewatch: false,
      },
      like({ kind: 'watched', line: 3, watchedAt: noon('2024-03-01'), rewatch: true }),
      // A rating without a viewing date is a rating only: no viewing is invented.
      like({
        kind: 'watched',
        line: 5,
        ref: { title: 'Brazil', year: 1985, mediaType: 'movie' },
        watchedAt: null,
      }),
      like({
        kind: 'ratings',
        line: 3,
        rating: 9.5,
        sourceRating: '9.5/10',
        ratedAt: noon('2024-03-01'),
      }),
      like({ kind: 'ratings', line: 4, ref: like({ tmdbId: 680 }), rating: 8, ratedAt: null }),
    ]);
    expect(parsed.problems).toEqual([
      {
        file: 'marquee-letterboxd-2024-04-01.csv',
        line: 6,
        message: '"x12" is not a TMDB or IMDb id',
      },
      {
        file: 'marquee-letterboxd-2024-04-01.csv',
        line: 7,
        message: '"11" is not a rating from 1 to 10',
      },
    ]);
  });

  it('reads a list in the import format, named after its file', async () => {
    const text = csv(
      ['Position', 'tmdbID', 'Title', 'Year', 'URL'],
      [['1', '949', 'Heat', '1995', 'https://www.themoviedb.org/movie/949']],
    );
    const parsed = await readImport({ name: 'marquee-list-heist-films.csv', bytes: encode(text) });
    expect(parsed.rows).toEqual([
      like({
        kind: 'lists',
        list: { name: 'marquee-list-heist-films', description: '' },
        position: 1,
        ref: { tmdbId: 949, title: 'Heat', year: 1995, mediaType: 'movie' },
      }),
    ]);
  });

  it('says so when a list export holds no films, rather than dropping the list without a word', async () => {
    const parsed = await readImport({
      name: 'letterboxd-export.zip',
      bytes: zipOf({
        'watchlist.csv': csv(LB_BASIC, [['2024-04-01', 'Heat', '1995', 'https://boxd.it/x']]),
        'lists/someday.csv': letterboxdList('Someday', 'To fill later', []),
      }),
    });
    expect(parsed.rows.filter((r) => r.kind === 'lists')).toEqual([]);
    expect(parsed.problems).toEqual([
      {
        file: 'lists/someday.csv',
        line: 0,
        message: matching(/the list “Someday” holds no films, so nothing of it is imported/),
      },
    ]);
  });

  it('names a lone file once when none of its rows can be read for a missing column', async () => {
    const text = csv(
      ['Date', 'Title', 'Year', 'Letterboxd URI', 'Rating', 'Rewatch', 'Watched Date'],
      [['2024-03-01', 'Heat', '1995', 'https://boxd.it/x', '4', '', '2024-03-01']],
    );
    const error = await readImport({ name: 'diary.csv', bytes: encode(text) }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ImportFileError);
    const message = (error as Error).message;
    expect(message).toMatch(/^diary\.csv: the file has no "Name" column/);
    expect(message).not.toMatch(/diary\.csv: diary\.csv/);
  });
});
