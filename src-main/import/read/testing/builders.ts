import { expect } from 'vitest';
import { zipSync, type Zippable } from 'fflate';

/** Quotes one CSV field the way exporters do (only when it needs it). */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) || value !== value.trim()
    ? `"${value.replace(/"/g, '""')}"`
    : value;
}

/** A CSV file from a header and rows, with the line ending exports use. */
export function csv(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  eol = '\n',
): string {
  return [header, ...rows].map((r) => r.map(csvField).join(',')).join(eol) + eol;
}

export const encode = (text: string): Uint8Array => new TextEncoder().encode(text);

/** A zip of text (or raw) files, built in memory. */
export function zipOf(files: Record<string, string | Uint8Array>): Uint8Array {
  const entries: Zippable = {};
  for (const [name, content] of Object.entries(files))
    entries[name] = typeof content === 'string' ? encode(content) : content;
  return zipSync(entries, { level: 6 });
}

export const LB_BASIC = ['Date', 'Name', 'Year', 'Letterboxd URI'];
export const LB_RATINGS = [...LB_BASIC, 'Rating'];
export const LB_DIARY = [
  'Date',
  'Name',
  'Year',
  'Letterboxd URI',
  'Rating',
  'Rewatch',
  'Tags',
  'Watched Date',
];

export interface DiaryEntry {
  name: string;
  year: string;
  watched: string;
  rating?: string;
  rewatch?: boolean;
  tags?: string;
  logged?: string;
}

export function diaryCsv(entries: readonly DiaryEntry[], eol = '\n'): string {
  return csv(
    LB_DIARY,
    entries.map((e, i) => [
      e.logged ?? e.watched,
      e.name,
      e.year,
      `https://boxd.it/d${i.toString(36)}`,
      e.rating ?? '',
      e.rewatch === true ? 'Yes' : '',
      e.tags ?? '',
      e.watched,
    ]),
    eol,
  );
}

/** A Letterboxd list file, header block and all (`Letterboxd list export v7`). */
export function letterboxdList(
  name: string,
  description: string,
  films: readonly { name: string; year: string }[],
): string {
  return [
    'Letterboxd list export v7',
    'Date,Name,Tags,URL,Description',
    ['2024-02-01', name, '', 'https://letterboxd.com/someone/list/x/', description]
      .map((f) => (/[",\r\n]/.test(f) ? `"${f.replace(/"/g, '""')}"` : f))
      .join(','),
    '',
    'Position,Name,Year,URL,Description',
    ...films.map((f, i) =>
      [String(i + 1), f.name, f.year, `https://boxd.it/f${i}`, '']
        .map((x) => (/[",\r\n]/.test(x) ? `"${x.replace(/"/g, '""')}"` : x))
        .join(','),
    ),
    '',
  ].join('\n');
}

/** A 100,000-row-class Letterboxd diary with quoted commas and rewatches, for benchmarks and caps. */
export function bigDiary(rows: number): string {
  const lines = [LB_DIARY.join(',')];
  for (let i = 0; i < rows; i++) {
    const day = String((i % 28) + 1).padStart(2, '0');
    const month = String((i % 12) + 1).padStart(2, '0');
    lines.push(
      `2024-${month}-${day},"Film, number ${i}",${1950 + (i % 70)},https://boxd.it/${i.toString(36)},${((i % 10) + 1) / 2},${i % 7 === 0 ? 'Yes' : ''},"tag a, tag b",2023-${month}-${day}`,
    );
  }
  return lines.join('\r\n') + '\r\n';
}

export const IMDB_RATINGS = [
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
export const IMDB_LIST = [
  'Position',
  'Const',
  'Created',
  'Modified',
  'Description',
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

export function imdbRating(
  id: string,
  rating: string,
  title: string,
  year: string,
  type = 'Movie',
  rated = '2024-03-01',
): string[] {
  return [
    id,
    rating,
    rated,
    title,
    title,
    `https://www.imdb.com/title/${id}/`,
    type,
    '7.1',
    '101',
    year,
    'Drama, Comedy',
    '12,345',
    `${year}-05-01`,
    'Some One, Another Person',
  ];
}

export const traktIds = (trakt: number, tmdb: number | null, imdb: string | null = null) => ({
  trakt,
  slug: `slug-${trakt}`,
  imdb,
  tmdb,
  tvdb: null,
});

/** `expect.objectContaining`, typed as what it stands for. */
export const like = <T extends object>(value: T): T =>
  expect.objectContaining(value as Record<string, unknown>) as T;

/** `expect.stringMatching`, typed as a string. */
export const matching = (pattern: RegExp): string => expect.stringMatching(pattern) as string;
