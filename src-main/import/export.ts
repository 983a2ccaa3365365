import Papa from 'papaparse';
import { yearText } from '../../src-shared/dates';
import { CodedError } from '../../src-shared/ipc/errors';
import { LATEST_DATE, playTimeProblem } from '../../src-shared/tracking/play-time';
import type { TitleLookup } from '../library/title-lookup';
import type { UserLibrary } from '../library/user-library';
import { localDate } from '../tracking/dates';
import { everyPlay } from '../tracking/every-play';
import type { Tracking } from '../tracking/tracking';
import type { Play } from '../tracking/types';
import type { ExportKind } from './service-types';

/**
 * Files for other tools, written with papaparse's `unparse` (the CSV library the readers use):
 * fields with commas, quotes or newlines are quoted and quotes doubled (RFC 4180), lines end in
 * CRLF as spreadsheet programs expect. A text cell a spreadsheet would run as a formula (one that
 * begins with `=`, `+`, `-`, `@`, a tab or a CR, as a title may) gets a leading `'`, as OWASP
 * advises; numbers Marquee writes itself (ids, ratings) stay as they are, so `-5` is still a
 * number. The importer drops that `'` again (`read/csv.ts`), so an export reads back unchanged.
 *
 * - Letterboxd's import CSV: one line per film viewing (diary style) with `tmdbID`, the title
 *   and year, `Rating10` (TMDB's 1–10, Letterboxd's own 10-point column), `WatchedDate` and
 *   `Rewatch`; films rated but never logged get one undated line.
 * - An IMDb-style ratings CSV (IMDb's column names; `Const` stays empty since Marquee does not
 *   keep IMDb ids, and `TMDb ID` says which title it is).
 * - One list as CSV or JSON.
 *
 * A stored value no file can hold (a play dated in the future or at no real date, kept from before
 * Marquee checked dates where they enter) never fails the export: that row is written without
 * its date and the file's `notes` say which row and why.
 */
export interface ExportDeps {
  tracking: { tracking: Pick<Tracking, 'history'> };
  library: Pick<UserLibrary, 'collection' | 'list'>;
  titles: TitleLookup;
  timeZone: () => string;
  clock: () => number;
  /** Hears each page of the history read (plays read so far, of how many); may throw to stop. */
  onPage?: (done: number, total: number) => void;
}

export interface ExportedFile {
  fileName: string;
  mimeType: string;
  text: string;
  /** One line per row written differently from what is stored, with the reason; usually none. */
  notes: string[];
}

const MAX_NOTES = 20;

/** Notes for one file: the first few in full, then how many more. */
function noteBook(): { add(note: string): void; list(): string[] } {
  const notes: string[] = [];
  let more = 0;
  return {
    add(note) {
      if (notes.length < MAX_NOTES) notes.push(note);
      else more += 1;
    },
    list: () => (more > 0 ? [...notes, `…and ${more} more like these.`] : notes),
  };
}

/** A stored time as a day in `tz`, or null when it is no real date. */
const dayOrNull = (ms: number, tz: string): string | null =>
  Number.isFinite(ms) && Math.abs(ms) <= LATEST_DATE ? localDate(ms, tz) : null;

const CSV = 'text/csv';
/**
 * Text that a spreadsheet reads as a formula. papaparse's own default pattern ends in `.*$`,
 * which misses a cell with a line break after its first line, so the test is on the first
 * character alone.
 */
export const FORMULA_START = /^[=+\-@\t\r]/;
const csv = (fields: string[], data: (string | number | null)[][]): string =>
  Papa.unparse({ fields, data }, { newline: '\r\n', escapeFormulae: FORMULA_START }) + '\r\n';

/** A file name from a list name: letters, digits and dashes only. */
function slug(name: string): string {
  const s = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return s === '' ? 'list' : s;
}

function filmPlays(deps: ExportDeps): Play[] {
  const out = everyPlay(deps.tracking.tracking, {
    pageSize: 20_000,
    mediaType: 'movie',
    ...(deps.onPage ? { onPage: deps.onPage } : {}),
  });
  // Oldest first, undated first (a viewing without a date is not a rewatch of a dated one).
  return out.sort(
    (a, b) =>
      (a.watchedAt ?? -1) - (b.watchedAt ?? -1) ||
      a.createdAt - b.createdAt ||
      (a.uid < b.uid ? -1 : 1),
  );
}

export function exportLetterboxd(deps: ExportDeps): ExportedFile {
  const ratings = new Map<number, number>();
  for (const item of deps.library.collection({ collection: 'rated', mediaType: 'movie' }).items)
    if (item.rating !== null) ratings.set(item.mediaId, item.rating);
  const seen = new Set<number>();
  const rows: (string | number | null)[][] = [];
  const tz = deps.timeZone();
  const now = deps.clock();
  const notes = noteBook();
  const describe = (id: number): [string, string] => {
    const t = deps.titles.title('movie', id);
    return [t?.title ?? '', yearText(t?.date) ?? ''];
  };
  for (const p of filmPlays(deps)) {
    const [title, year] = describe(p.mediaId);
    const problem = playTimeProblem(p.watchedAt, now);
    if (problem !== null)
      notes.add(`${title || `Film ${p.mediaId}`}: ${problem}, so it is written without a date.`);
    rows.push([
      p.mediaId,
      title,
      year,
      ratings.get(p.mediaId) ?? '',
      p.watchedAt === null || problem !== null ? '' : localDate(p.watchedAt, tz),
      seen.has(p.mediaId) ? 'true' : 'false',
    ]);
    seen.add(p.mediaId);
  }
  for (const [id, rating] of [...ratings].sort((a, b) => a[0] - b[0])) {
    if (seen.has(id)) continue;
    const [title, year] = describe(id);
    rows.push([id, title, year, rating, '', 'false']);
  }
  return {
    fileName: `marquee-letterboxd-${localDate(deps.clock(), tz)}.csv`,
    mimeType: CSV,
    text: csv(['tmdbID', 'Title', 'Year', 'Rating10', 'WatchedDate', 'Rewatch'], rows),
    notes: notes.list(),
  };
}

export function exportImdbRatings(deps: ExportDeps): ExportedFile {
  const tz = deps.timeZone();
  const notes = noteBook();
  const rows: (string | number | null)[][] = [];
  for (const mediaType of ['movie', 'tv', 'episode'] as const) {
    for (const item of deps.library.collection({ collection: 'rated', mediaType }).items) {
      if (item.rating === null) continue;
      const kind = mediaType === 'movie' ? 'movie' : 'tv';
      const known = deps.titles.title(kind, item.mediaId);
      const title =
        mediaType === 'episode'
          ? `${item.title ?? known?.title ?? ''} S${item.season ?? 0}E${item.episode ?? 0}`.trim()
          : (item.title ?? known?.title ?? '');
      const url =
        mediaType === 'episode'
          ? `https://www.themoviedb.org/tv/${item.mediaId}/season/${item.season ?? 0}/episode/${item.episode ?? 0}`
          : `https://www.themoviedb.org/${kind}/${item.mediaId}`;
      const rated = item.addedAt === null ? '' : dayOrNull(item.addedAt, tz);
      if (rated === null)
        notes.add(`${title}: its rating date is not a real date, so it is left out.`);
      rows.push([
        '',
        // IMDb rates in whole stars: TMDB's half steps round up (7.5 → 8).
        Math.min(10, Math.max(1, Math.round(item.rating))),
        rated ?? '',
        title,
        url,
        mediaType === 'movie' ? 'movie' : mediaType === 'tv' ? 'tvSeries' : 'tvEpisode',
        yearText(item.releaseDate ?? known?.date) ?? '',
        item.mediaId,
      ]);
    }
  }
  return {
    fileName: `marquee-imdb-ratings-${localDate(deps.clock(), tz)}.csv`,
    mimeType: CSV,
    text: csv(
      ['Const', 'Your Rating', 'Date Rated', 'Title', 'URL', 'Title Type', 'Year', 'TMDb ID'],
      rows,
    ),
    notes: notes.list(),
  };
}

export function exportList(deps: ExportDeps, listId: string, as: 'csv' | 'json'): ExportedFile {
  const { list, items } = deps.library.list(listId);
  const entries = items.map((item, i) => {
    const known = deps.titles.title('movie', item.mediaId);
    return {
      position: i + 1,
      tmdbId: item.mediaId,
      title: item.title ?? known?.title ?? null,
      year: yearText(item.releaseDate ?? known?.date),
      url: `https://www.themoviedb.org/movie/${item.mediaId}`,
    };
  });
  const base = `marquee-list-${slug(list.name)}`;
  if (as === 'json')
    return {
      fileName: `${base}.json`,
      mimeType: 'application/json',
      text: `${JSON.stringify({ name: list.name, description: list.description, items: entries }, null, 2)}\n`,
      notes: [],
    };
  return {
    fileName: `${base}.csv`,
    mimeType: CSV,
    text: csv(
      ['Position', 'tmdbID', 'Title', 'Year', 'URL'],
      entries.map((e) => [e.position, e.tmdbId, e.title ?? '', e.year ?? '', e.url]),
    ),
    notes: [],
  };
}

/** The `export.file` channel: list exports need `listId` (the list's TMDB id or local id). */
export function exportFile(deps: ExportDeps, kind: ExportKind, listId?: string): ExportedFile {
  switch (kind) {
    case 'letterboxd':
      return exportLetterboxd(deps);
    case 'imdbRatings':
      return exportImdbRatings(deps);
    case 'listCsv':
    case 'listJson': {
      if (listId === undefined) throw new CodedError('invalid_input', 'Choose a list to export.');
      return exportList(deps, listId, kind === 'listCsv' ? 'csv' : 'json');
    }
  }
}
