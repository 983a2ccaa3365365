import type {
  ImportJobView,
  ImportKind,
  ImportTargets,
  StagedSource,
} from '../../../src-shared/ipc/contract/import';

/**
 * The import flow's plain parts, apart from its state (import.svelte.ts): the steps the user
 * goes through, the kinds of row (the contract's `importKind`, which also name the targets), and
 * what a job view says about what applying would change.
 */

/** Where the import flow stands, from the user's side. */
export type ImportStep =
  /** Nothing chosen yet: pick a file, a folder or a sample. */
  | 'choose'
  /** Handing the file to the core, which checks what it is. */
  | 'staging'
  /** Reading and matching in the background. */
  | 'analysing'
  /** The preview: counts, review, targets, Apply. */
  | 'preview'
  | 'applying'
  /** Done, cancelled or rolled back: the result summary. */
  | 'finished'
  | 'failed';

export interface ImportSample {
  id: string;
  label: string;
  format: StagedSource['format'];
  fileName: string;
}

export type ExportKind = 'letterboxd' | 'imdbRatings' | 'listCsv' | 'listJson';

/** A file for the view to save as a download. */
export interface SavedFile {
  fileName: string;
  mimeType: string;
  text: string;
}

/** Every kind, in the order the preview shows them; each kind is also its target's name. */
export const KINDS: readonly ImportKind[] = [
  'watched',
  'ratings',
  'watchlist',
  'favourites',
  'lists',
  'follows',
];

export const NO_TARGETS: ImportTargets = {
  watched: false,
  ratings: false,
  watchlist: false,
  favourites: false,
  lists: false,
  follows: false,
};

/**
 * The targets a job starts with once ready: every kind the source holds. A backup restores as a
 * whole: every part its plan names is merged.
 */
export function initialTargets(job: Pick<ImportJobView, 'format' | 'counts'>): ImportTargets {
  const all = job.format === 'marquee-backup';
  return Object.fromEntries(
    KINDS.map((kind) => [kind, all || job.counts[kind].total > 0]),
  ) as Record<ImportKind, boolean>;
}

/** The step a job's state (or its absence) puts the flow at. */
export function stepOf(
  staging: boolean,
  job: Pick<ImportJobView, 'state' | 'result'> | null,
  error: unknown,
): ImportStep {
  if (staging) return 'staging';
  if (!job) return error ? 'failed' : 'choose';
  switch (job.state) {
    case 'analysing':
      return 'analysing';
    case 'ready':
      return 'preview';
    case 'applying':
      return 'applying';
    case 'failed':
      return job.result ? 'finished' : 'failed';
    default:
      return 'finished';
  }
}

/** Rows that would change something if applied now: matched and not already there. */
export function newRows(job: Pick<ImportJobView, 'counts'>, kind: ImportKind): number {
  const counts = job.counts[kind];
  return Math.max(0, counts.matched - counts.alreadyPresent);
}

/** How many things restoring a backup would add or change. */
export function restoreChanges(job: Pick<ImportJobView, 'restore'>): number {
  const plan = job.restore;
  if (!plan) return 0;
  return (
    plan.plays.add +
    plan.library.add +
    plan.library.change +
    plan.lists.create +
    plan.lists.addItems +
    plan.follows.change +
    plan.inboxRead +
    plan.settings.change.length
  );
}

export function isStagedSource(value: unknown): value is StagedSource {
  return (
    value !== null &&
    typeof value === 'object' &&
    'sourceId' in value &&
    typeof value.sourceId === 'string' &&
    'format' in value &&
    typeof value.format === 'string' &&
    'name' in value &&
    typeof value.name === 'string'
  );
}
