/**
 * The rows an import reader produces: one shape for every source format (Letterboxd, IMDb, Trakt,
 * Marquee's own backup). Readers (read/) only parse; matching and applying work on these rows.
 */

export type ImportFormat = 'letterboxd' | 'imdb' | 'trakt' | 'tvtime' | 'simkl' | 'marquee-backup';

export type SourceMediaType = 'movie' | 'tv' | 'episode' | 'unknown';

/** What the source says about a title: any field may be missing. */
export interface SourceRef {
  tmdbId?: number;
  imdbId?: string;
  /** TheTVDB's id of the series (of an episode's series, for an episode) */
  tvdbId?: number;
  /** TheTVDB's id of the episode itself: it places the episode when numbering differs from TMDB's */
  tvdbEpisodeId?: number;
  traktId?: number;
  title?: string;
  originalTitle?: string;
  year?: number;
  mediaType: SourceMediaType;
}

interface RowBase {
  /** 1-based line (CSV) or entry index (JSON) in `file` */
  line: number;
  file: string;
  ref: SourceRef;
}

export type ImportRow =
  | (RowBase & {
      kind: 'watched';
      watchedAt: number | null;
      rewatch: boolean;
      season?: number;
      episode?: number;
      plays?: number;
    })
  | (RowBase & {
      kind: 'ratings';
      /** TMDB scale 1–10 in 0.5 steps */
      rating: number;
      /** as the source wrote it, e.g. "3.5 stars" or "7/10" */
      sourceRating: string;
      ratedAt: number | null;
      season?: number;
      episode?: number;
    })
  | (RowBase & { kind: 'watchlist'; addedAt: number | null })
  | (RowBase & { kind: 'favourites'; addedAt: number | null })
  /** A series the user followed, or followed and then archived (stopped watching). */
  | (RowBase & { kind: 'follows'; state: 'followed' | 'archived'; followedAt: number | null })
  | (RowBase & {
      kind: 'lists';
      list: { name: string; description: string };
      position: number | null;
    });

/** A row the reader could not read: shown to the user per row; the rest of the file still imports. */
export interface RowProblem {
  file: string;
  /** 1-based line or entry index; 0 when the notice is about the file as a whole (e.g. its encoding) */
  line: number;
  message: string;
}

export interface ParsedImport {
  format: ImportFormat;
  rows: ImportRow[];
  problems: RowProblem[];
  /** the files the reader used, e.g. ["diary.csv", "ratings.csv"] */
  files: string[];
  /** for 'marquee-backup': the parsed JSON document, validated by the backup schema */
  backup?: unknown;
  /**
   * for 'marquee-backup' read off the main thread: the name under which the document, checked by
   * the backup schema, is held where it was read until it is stored with its job (so it never
   * crosses to the main thread), or why it cannot be restored
   */
  backupHeld?: string;
  backupError?: string;
  /**
   * read off the main thread: the name under which the rows are held where they were read until
   * that place matches and stores them (`rows` is then empty), and how many there are
   */
  rowsHeld?: { token: string; count: number };
}

/** Whole-file faults (wrong type, truncated zip, zip bomb, not UTF-8, too many rows…): a clear user-facing message. */
export class ImportFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportFileError';
  }
}
