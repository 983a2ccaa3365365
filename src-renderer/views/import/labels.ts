import type {
  ImportFormatView,
  ImportJobState,
  ImportKind,
  ImportTargets,
} from '../../../src-shared/ipc/contract/import';

export const FORMAT_NAMES: Readonly<Record<ImportFormatView, string>> = {
  letterboxd: 'Letterboxd',
  imdb: 'IMDb',
  trakt: 'Trakt',
  tvtime: 'TV Time',
  simkl: 'Simkl',
  'marquee-backup': 'Marquee backup',
};

export const KIND_NAMES: Readonly<Record<ImportKind, string>> = {
  watched: 'Watched',
  ratings: 'Ratings',
  watchlist: 'Watchlist',
  favourites: 'Favourites',
  lists: 'List items',
  follows: 'Follows',
};

export const TARGET_TEXT: Readonly<Record<keyof ImportTargets, { label: string; where: string }>> =
  {
    watched: { label: 'Watch history', where: 'Into Marquee, on this computer' },
    ratings: { label: 'Ratings', where: 'To your TMDB account' },
    watchlist: { label: 'Watchlist', where: 'To your TMDB account' },
    favourites: { label: 'Favourites', where: 'To your TMDB account' },
    lists: { label: 'Lists', where: 'To your TMDB account (new lists are created)' },
    follows: { label: 'Follows', where: 'Into Marquee, on this computer' },
  };

export const STATE_NAMES: Readonly<Record<ImportJobState, string>> = {
  analysing: 'Analysing',
  ready: 'Not imported yet',
  applying: 'Importing',
  done: 'Imported',
  cancelled: 'Cancelled',
  failed: 'Failed',
  rolledBack: 'Rolled back',
};

/** "1 film" / "2 films" in the user's words. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-GB')} ${count === 1 ? one : many}`;
}

/** A file size for people: "812 bytes", "14 KB", "3.2 MB". */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return plural(bytes, 'byte');
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024).toLocaleString('en-GB')} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Where a row came from: "ratings.csv, line 14". */
export function rowPlace(file: string, line: number): string {
  return line > 0 ? `${file}, line ${line.toLocaleString('en-GB')}` : file;
}

/** A title with its year when known: "Heat (1995)"; a title-less row says so. */
export function titleWithYear(
  title: string | null | undefined,
  year: number | null | undefined,
): string {
  const name = title?.trim() ? title.trim() : 'Untitled';
  return year ? `${name} (${year})` : name;
}

/** Percent done of a phase, 0..100; an unknown total reads as 0. */
export function percentOf(done: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((Math.min(done, total) / total) * 100);
}

/** A job's date for the recent list: "22 Nov 2026, 20:14". */
export function jobTime(ms: number): string {
  return new Date(ms).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}
