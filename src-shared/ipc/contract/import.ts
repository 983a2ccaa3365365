import { z } from 'zod';
import type { Domain } from './domain';
import { id, noInput } from './models';

/**
 * Import, backup and export: bringing history, ratings, watchlists and lists in from Letterboxd,
 * IMDb, Trakt or a Marquee backup, and writing them out again. Files are read in main, never in
 * the renderer: a source is first *staged* (the open dialog in Electron, an upload in the browser
 * harness, or a demo sample), then *analysed* into a job (read, then matched to TMDB), previewed,
 * resolved and *applied*. History lands in Marquee's tracking; ratings, watchlist, favourites and
 * lists go to TMDB through the library outbox, so an offline import syncs later, in order.
 */

const time = z.number().int().min(0);

export const importFormat = z.enum([
  'letterboxd',
  'imdb',
  'trakt',
  'tvtime',
  'simkl',
  'marquee-backup',
]);
export type ImportFormatView = z.infer<typeof importFormat>;

/** A file (or folder, or sample) held in main, ready to be analysed. */
export const stagedSource = z.object({
  /** Opaque handle for `import.open`. Staged sources live only as long as the app runs. */
  sourceId: z.string().min(1).max(100),
  /** The file or folder name as the user picked it. */
  name: z.string(),
  /** Detected from the contents, never the name. */
  format: importFormat,
  /** The files the reader will use, e.g. ["diary.csv", "ratings.csv"]. */
  files: z.array(z.string()),
  sizeBytes: z.number().int().min(0),
});
export type StagedSource = z.infer<typeof stagedSource>;

export const importJobState = z.enum([
  /** Reading and matching in the background (`import.progress` events). */
  'analysing',
  /** The preview is ready: resolve review rows, choose targets, then apply. */
  'ready',
  /** Writing in chunks; a crash here resumes at the next start. */
  'applying',
  'done',
  /** Cancelled by the user: chunks already written stay (each chunk is whole). */
  'cancelled',
  /** Reading failed (see `error`), or applying stopped on an error. */
  'failed',
  /** Found interrupted at start-up and its written chunks were undone. */
  'rolledBack',
]);
export type ImportJobState = z.infer<typeof importJobState>;

/**
 * The kinds of row a source can hold, one name used everywhere: the reader's rows, the stored
 * job, the preview's counts, the targets and the result.
 */
export const importKind = z.enum([
  'watched',
  'ratings',
  'watchlist',
  'favourites',
  'lists',
  'follows',
]);
export type ImportKind = z.infer<typeof importKind>;

/**
 * `waiting`: TMDB could not be reached while matching, so the row is matched again when it is
 * (never offered titles merely because the cache held them).
 */
export const matchState = z.enum(['matched', 'review', 'unmatched', 'skipped', 'waiting']);
export type MatchState = z.infer<typeof matchState>;

/** A TMDB title a row may be: shown with its poster and year so the user can choose. */
export const matchCandidate = z.object({
  mediaType: z.enum(['movie', 'tv']),
  id,
  title: z.string(),
  /** Release or first-air year; null when TMDB has no date. */
  year: z.number().int().nullable(),
  posterPath: z.string().nullable(),
  /** The original title when it differs from `title`. */
  originalTitle: z.string().nullable().optional(),
  /** An episode found by its IMDb id: `id` is its series, these say which episode. */
  season: z.number().int().min(0).optional(),
  episode: z.number().int().min(0).optional(),
});
export type MatchCandidate = z.infer<typeof matchCandidate>;

/** Per kind: how many rows are in each match state, and how many are already in Marquee/TMDB. */
export const kindCounts = z.object({
  total: z.number().int(),
  matched: z.number().int(),
  review: z.number().int(),
  unmatched: z.number().int(),
  skipped: z.number().int(),
  /** Rows waiting for TMDB to be reachable before they can be matched. */
  waiting: z.number().int(),
  /** Matched rows whose effect is already there: applying them changes nothing. */
  alreadyPresent: z.number().int(),
});
export type KindCounts = z.infer<typeof kindCounts>;

/** One row as the preview shows it (review and unmatched rows). */
export const importRowView = z.object({
  /** The row's id inside its job, for `import.resolve`. */
  rowId: z.number().int().positive(),
  kind: importKind,
  /** Where the row came from: file name and 1-based line (CSV) or entry index (JSON). */
  file: z.string(),
  line: z.number().int(),
  /** What the source says, e.g. "Heat (1995)" or "tt0113277". */
  label: z.string(),
  sourceType: z.enum(['movie', 'tv', 'episode', 'unknown']),
  state: matchState,
  /** Why it needs review or did not match, in one plain sentence. */
  reason: z.string().nullable(),
  /** Up to 5, best first; empty for unmatched rows. */
  candidates: z.array(matchCandidate),
  /** The chosen title once matched or resolved. */
  chosen: matchCandidate.nullable(),
});
export type ImportRowView = z.infer<typeof importRowView>;

/** A row the reader could not read; the rest of the file still imports. */
export const rowProblem = z.object({
  file: z.string(),
  line: z.number().int(),
  message: z.string(),
});

/** What to apply, per kind (`importKind`). */
export const importTargets = z.object({
  /** Watched rows into Marquee's watch history. */
  watched: z.boolean(),
  /** Ratings to TMDB through the outbox. */
  ratings: z.boolean(),
  watchlist: z.boolean(),
  favourites: z.boolean(),
  /** List rows: lists that do not exist are created. */
  lists: z.boolean(),
  /** Series follows into Marquee (absent in jobs applied before follows were imported: none). */
  follows: z.boolean().optional(),
});
export type ImportTargets = z.infer<typeof importTargets>;

/** What applying did, per kind. */
export const resultCounts = z.object({
  added: z.number().int(),
  alreadyPresent: z.number().int(),
  failed: z.number().int(),
});

/** The restore preview of a Marquee backup: what merging it into this profile will do. */
export const restorePlan = z.object({
  plays: z.object({ add: z.number().int(), alreadyPresent: z.number().int() }),
  /** Watchlist, favourites and ratings: new items, and items whose state differs and will change. */
  library: z.object({
    add: z.number().int(),
    change: z.number().int(),
    alreadyPresent: z.number().int(),
  }),
  lists: z.object({
    create: z.number().int(),
    addItems: z.number().int(),
    alreadyPresent: z.number().int(),
  }),
  follows: z.object({ change: z.number().int() }),
  /** Inbox items marked read in the backup and unread here. */
  inboxRead: z.number().int(),
  settings: z.object({ change: z.array(z.string()) }),
  /** The backup's date and the app version that wrote it. */
  createdAt: time,
  appVersion: z.string(),
});
export type RestorePlan = z.infer<typeof restorePlan>;

export const importJobSummary = z.object({
  jobId: z.string().min(1).max(100),
  format: importFormat,
  /** The file or folder name the user picked. */
  sourceName: z.string(),
  state: importJobState,
  createdAt: time,
  updatedAt: time,
  /** Rows in the source. */
  rows: z.number().int(),
  /** What happened at start-up to a job found interrupted, e.g. "Resumed after Marquee quit". */
  note: z.string().nullable(),
});
export type ImportJobSummary = z.infer<typeof importJobSummary>;

export const importJobView = importJobSummary.extend({
  /** Rows the reader could not read (each with file and line). */
  problems: z.array(rowProblem),
  /** The files the reader used. */
  files: z.array(z.string()),
  counts: z.object({
    watched: kindCounts,
    ratings: kindCounts,
    watchlist: kindCounts,
    favourites: kindCounts,
    lists: kindCounts,
    follows: kindCounts,
  }),
  /** The names of the lists the source holds, with their row counts. */
  lists: z.array(z.object({ name: z.string(), items: z.number().int(), exists: z.boolean() })),
  /** How ratings were converted, e.g. "Letterboxd ★ 0.5–5 → TMDB 1–10: ×2"; null without ratings. */
  ratingConversion: z.string().nullable(),
  /** Rows needing review (`state: 'review'`), then resolved/skipped ones, capped at 500. */
  review: z.array(importRowView),
  /** Rows that did not match, with the reason, capped at 500. */
  unmatched: z.array(importRowView),
  /** Rows waiting for TMDB (matched when it is reachable), capped at 500. */
  waiting: z.array(importRowView),
  /** The targets chosen when applying started; null before. */
  targets: importTargets.nullable(),
  /** While analysing or applying: the current phase's progress. */
  progress: z
    .object({
      phase: z.enum(['reading', 'matching', 'applying']),
      done: z.number().int(),
      total: z.number().int(),
    })
    .nullable(),
  /** After applying (or cancel): what was written, per kind. */
  result: z
    .object({
      watched: resultCounts,
      ratings: resultCounts,
      watchlist: resultCounts,
      favourites: resultCounts,
      lists: resultCounts,
      follows: resultCounts,
    })
    .nullable(),
  /** For a Marquee backup: what restoring it will do (merge), shown before applying. */
  restore: restorePlan.nullable(),
  /** Why the job failed, in one plain sentence. */
  error: z.string().nullable(),
});
export type ImportJobView = z.infer<typeof importJobView>;

const jobId = z.string().min(1).max(100);
const sourceId = z.string().min(1).max(100);
/**
 * The zone dates without one (TV Time's) are read in: an IANA name; UTC when not given. The
 * preview offers it, and analysing again with another zone reads the source again.
 */
const timeZone = z
  .string()
  .max(64)
  .regex(/^[A-Za-z][A-Za-z0-9_+\-/]*$/);

export const importChannels = {
  /** The demo catalogue's sample exports; empty outside demo mode. */
  'import.samples': {
    input: noInput,
    output: z.object({
      samples: z.array(
        z.object({ id: z.string(), label: z.string(), format: importFormat, fileName: z.string() }),
      ),
    }),
  },
  /** Stages one of the demo samples (`not_found` for an unknown id). */
  'import.stageSample': {
    input: z.object({ id: z.string().min(1).max(100) }),
    output: stagedSource,
  },
  /**
   * Stages a source and analyses it in one call, answering the staged source and the job's first
   * view; both are null when the user closes the open dialog. `from` is the open dialog (Electron;
   * in the browser harness this answers code `unsupported`: upload instead, with `POST /__upload`,
   * the file as body and header `x-file-name`), a demo sample (`not_found` for an unknown id), or
   * a source already staged (an upload, or the same export read again in another `timeZone`).
   * Reading and matching go on in the background (`import.progress`, then `import.changed`).
   */
  'import.open': {
    input: z.object({
      from: z.union([
        z.object({ dialog: z.enum(['file', 'folder']) }),
        z.object({ sample: z.string().min(1).max(100) }),
        z.object({ sourceId }),
      ]),
      timeZone: timeZone.optional(),
    }),
    output: z.object({ source: stagedSource.nullable(), job: importJobView.nullable() }),
  },
  /** Reads and matches a staged source in the background (`import.progress`, `import.changed`). */
  'import.analyse': {
    input: z.object({ sourceId, timeZone: timeZone.optional() }),
    output: z.object({ jobId }),
  },
  'import.job': {
    input: z.object({ jobId }),
    output: importJobView,
  },
  /** Chooses a candidate (or any TMDB title) for a row, or skips it. Only while `ready`. */
  'import.resolve': {
    input: z.object({
      jobId,
      rowId: z.number().int().positive(),
      choice: z.union([
        z.object({ mediaType: z.enum(['movie', 'tv']), id }),
        z.object({ skip: z.literal(true) }),
      ]),
    }),
    output: importJobView,
  },
  /** Applies the matched rows in chunks (`import.progress`); rows still in review are left out. */
  'import.apply': {
    input: z.object({ jobId, targets: importTargets }),
    output: z.object({ jobId }),
  },
  /** Stops analysing or applying after the current chunk; chunks already written stay. */
  'import.cancel': {
    input: z.object({ jobId }),
    output: z.object({ ok: z.literal(true) }),
  },
  /** Recent jobs, newest first, including ones resumed or rolled back at start-up. */
  'import.jobs': {
    input: noInput,
    output: z.object({ jobs: z.array(importJobSummary) }),
  },
  /**
   * A backup of this profile as JSON text (library, watch history, lists, follows, inbox read
   * state, settings; never a token or session id). Restore: stage the file and analyse it.
   */
  'backup.create': {
    input: noInput,
    output: z.object({ fileName: z.string(), text: z.string() }),
  },
  /**
   * A file for other tools: Letterboxd's import CSV (films watched and rated), an IMDb-style
   * ratings CSV, or one list (`listId`) as CSV or JSON.
   */
  'export.file': {
    input: z.object({
      kind: z.enum(['letterboxd', 'imdbRatings', 'listCsv', 'listJson']),
      /** For list exports: the list's id as `lists.all` gives it (a TMDB id or a local id). */
      listId: z.string().min(1).max(100).optional(),
    }),
    output: z.object({
      fileName: z.string(),
      mimeType: z.string(),
      text: z.string(),
      /** Rows written differently from what is stored (a date no file can hold), with why. */
      notes: z.array(z.string()).optional(),
    }),
  },
} as const;

export const importEvents = {
  /** Progress of a job's current phase. */
  'import.progress': z.object({
    jobId,
    phase: z.enum(['reading', 'matching', 'applying']),
    done: z.number().int(),
    total: z.number().int(),
  }),
  /** A job changed state (ready, done, cancelled, failed…): reload it with `import.job`. */
  'import.changed': z.object({ jobId, state: importJobState }),
} as const;

export type ImportChannel = keyof typeof importChannels;
export type ImportEvent = keyof typeof importEvents;

export const importDomain = {
  channels: importChannels,
  events: importEvents,
} satisfies Domain;
