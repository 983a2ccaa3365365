import type { MarqueeApi } from '../../../src-shared/ipc/api';
import type {
  ImportJobSummary,
  ImportJobView,
  ImportKind,
  ImportTargets,
  StagedSource,
} from '../../../src-shared/ipc/contract/import';
import type { IpcError } from '../../../src-shared/ipc/errors';
import type { IpcResult } from '../../../src-shared/ipc/result';
import { call, uploadBridge } from '../api';
import { coalesce } from '../coalesce';
import { auth } from './auth.svelte';

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

export const KINDS: readonly ImportKind[] = [
  'watched',
  'ratings',
  'watchlist',
  'favourites',
  'lists',
  'follows',
];

/** Which target carries each kind: history stays in Marquee, the rest goes to TMDB. */
export const TARGET_OF: Readonly<Record<ImportKind, keyof ImportTargets>> = {
  watched: 'history',
  ratings: 'ratings',
  watchlist: 'watchlist',
  favourites: 'favourites',
  lists: 'lists',
  follows: 'follows',
};

const NO_TARGETS: ImportTargets = {
  history: false,
  ratings: false,
  watchlist: false,
  favourites: false,
  lists: false,
  follows: false,
};

/** While a job runs, how often it is read again in case an event was missed. */
export const POLL_MS = 1500;

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

function isStagedSource(value: unknown): value is StagedSource {
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

/**
 * The import flow: stage a source (open dialog, harness upload or a demo sample), analyse it into
 * a job, preview and resolve it, choose targets, apply with progress and Cancel, and show what
 * happened. Also the recent jobs, the backup and the exports for other tools. Files are read in
 * main only; this class sees staged handles and job views.
 */
export class ImportState {
  #samples = $state.raw<readonly ImportSample[]>([]);
  #jobs = $state.raw<readonly ImportJobSummary[]>([]);
  #source = $state.raw<StagedSource | null>(null);
  #job = $state.raw<ImportJobView | null>(null);
  #staging = $state(false);
  #error = $state.raw<IpcError | null>(null);
  #targets = $state<ImportTargets>({ ...NO_TARGETS });
  /** Rows with a resolve call in flight, so their buttons wait. */
  #resolving = $state.raw<readonly number[]>([]);
  #applyRequested = $state(false);
  #cancelRequested = $state(false);
  #loaded = $state(false);
  #timer: ReturnType<typeof setTimeout> | null = null;

  /**
   * @param signedIn whether a TMDB account is signed in: ratings, watchlist, favourites and lists
   *   need one, history does not.
   */
  constructor(private readonly signedIn: () => boolean = () => auth.status?.state === 'user') {}

  get samples(): readonly ImportSample[] {
    return this.#samples;
  }
  get jobs(): readonly ImportJobSummary[] {
    return this.#jobs;
  }
  get source(): StagedSource | null {
    return this.#source;
  }
  get job(): ImportJobView | null {
    return this.#job;
  }
  /** The last failure of staging, analysing or applying, for the view to show in place. */
  get error(): IpcError | null {
    return this.#error;
  }
  get targets(): ImportTargets {
    return this.#targets;
  }
  /** A target can be chosen: history and follows always, the TMDB-bound ones with an account signed in. */
  available(target: keyof ImportTargets): boolean {
    return target === 'history' || target === 'follows' || this.signedIn();
  }
  /** The targets applying will use: the chosen ones that are available. */
  readonly effectiveTargets: ImportTargets = $derived({
    history: this.#targets.history,
    ratings: this.#targets.ratings && this.available('ratings'),
    watchlist: this.#targets.watchlist && this.available('watchlist'),
    favourites: this.#targets.favourites && this.available('favourites'),
    lists: this.#targets.lists && this.available('lists'),
    follows: this.#targets.follows === true,
  });
  get loaded(): boolean {
    return this.#loaded;
  }
  get cancelRequested(): boolean {
    return this.#cancelRequested;
  }
  get applyRequested(): boolean {
    return this.#applyRequested;
  }
  /** The browser harness takes an upload; Electron shows its own open dialog. */
  get uploads(): boolean {
    return uploadBridge() !== null;
  }

  readonly step: ImportStep = $derived.by(() => {
    if (this.#staging) return 'staging';
    const job = this.#job;
    if (!job) return this.#error ? 'failed' : 'choose';
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
  });

  /** Rows still waiting for the user to choose a title or skip. */
  readonly reviewLeft: number = $derived(
    this.#job ? KINDS.reduce((sum, kind) => sum + (this.#job?.counts[kind].review ?? 0), 0) : 0,
  );

  /** Rows waiting for TMDB to be reachable: the core matches them when it is. */
  readonly waitingLeft: number = $derived(
    this.#job ? KINDS.reduce((sum, kind) => sum + (this.#job?.counts[kind].waiting ?? 0), 0) : 0,
  );

  /** Rows that applying would change, for the chosen targets. */
  readonly toApply: number = $derived.by(() => {
    const job = this.#job;
    if (!job) return 0;
    if (job.format === 'marquee-backup' && job.restore) return restoreChanges(job);
    return KINDS.reduce(
      (sum, kind) => sum + (this.effectiveTargets[TARGET_OF[kind]] ? newRows(job, kind) : 0),
      0,
    );
  });

  /**
   * The source holds nothing this profile lacks: every matched row is already there and none waits
   * for review or for TMDB. Re-importing a file lands here.
   */
  readonly nothingNew: boolean = $derived.by(() => {
    const job = this.#job;
    if (!job || job.state !== 'ready') return false;
    if (job.format === 'marquee-backup' && job.restore) return restoreChanges(job) === 0;
    return (
      this.reviewLeft === 0 &&
      this.waitingLeft === 0 &&
      KINDS.every((kind) => newRows(job, kind) === 0)
    );
  });

  /** Follows progress and state changes of the open job; returns the function that stops. */
  start(bridge: MarqueeApi): () => void {
    const reload = coalesce(() => this.#reloadJob());
    const stops = [
      bridge.on('import.progress', (progress) => {
        const job = this.#job;
        if (!job || job.jobId !== progress.jobId) return;
        this.#job = {
          ...job,
          progress: { phase: progress.phase, done: progress.done, total: progress.total },
        };
      }),
      bridge.on('import.changed', ({ jobId }) => {
        if (this.#job?.jobId === jobId) void reload();
        void this.loadJobs();
      }),
    ];
    // Back on the page with a job open: read it again, as events may have passed meanwhile.
    if (this.#job) void reload();
    return () => {
      stops.forEach((stop) => {
        stop();
      });
      this.#stopPolling();
    };
  }

  /** The samples (demo mode) and recent jobs. */
  async load(): Promise<void> {
    const [samples] = await Promise.all([call('import.samples', {}), this.loadJobs()]);
    if (samples.ok) this.#samples = samples.value.samples;
    this.#loaded = true;
  }

  async loadJobs(): Promise<void> {
    const reply = await call('import.jobs', {});
    if (reply.ok) this.#jobs = reply.value.jobs;
  }

  /** Electron: the open dialog in main. A cancelled dialog changes nothing. */
  async pick(kind: 'file' | 'folder'): Promise<void> {
    await this.#stage(async () => {
      const reply = await call('import.pick', { kind });
      if (!reply.ok) return reply;
      return { ok: true, value: reply.value.source };
    });
  }

  /** The browser harness: the chosen file goes to the core as it is. */
  async upload(file: File): Promise<void> {
    const bridge = uploadBridge();
    if (!bridge) {
      this.#fail({ code: 'unsupported', message: 'Uploads exist only in the browser harness.' });
      return;
    }
    await this.#stage(async () => {
      const reply = await bridge.upload(file);
      if (!reply.ok) return reply;
      if (!isStagedSource(reply.value)) {
        return {
          ok: false,
          error: {
            code: 'internal',
            message: 'Marquee’s core answered the upload without a file.',
          },
        };
      }
      return { ok: true, value: reply.value };
    });
  }

  async stageSample(id: string): Promise<void> {
    await this.#stage(() => call('import.stageSample', { id }));
  }

  /** Opens a recent job: its preview if still ready, else its result. */
  async openJob(jobId: string): Promise<void> {
    this.#error = null;
    this.#source = null;
    const reply = await call('import.job', { jobId });
    if (!reply.ok) {
      this.#fail(reply.error);
      return;
    }
    this.#setJob(reply.value, true);
  }

  /** Chooses a candidate for a review row, or skips it. */
  async resolve(
    rowId: number,
    choice: { mediaType: 'movie' | 'tv'; id: number } | { skip: true },
  ): Promise<IpcError | null> {
    const job = this.#job;
    if (!job) return null;
    this.#resolving = [...this.#resolving, rowId];
    try {
      const reply = await call('import.resolve', { jobId: job.jobId, rowId, choice });
      if (!reply.ok) return reply.error;
      if (this.#job?.jobId === job.jobId) this.#setJob(reply.value, false);
      return null;
    } finally {
      this.#resolving = this.#resolving.filter((id) => id !== rowId);
    }
  }

  isResolving(rowId: number): boolean {
    return this.#resolving.includes(rowId);
  }

  setTarget(target: keyof ImportTargets, on: boolean): void {
    this.#targets = { ...this.#targets, [target]: on };
  }

  async apply(): Promise<void> {
    const job = this.#job;
    if (!job || job.state !== 'ready' || this.#applyRequested) return;
    this.#applyRequested = true;
    this.#error = null;
    try {
      const reply = await call('import.apply', {
        jobId: job.jobId,
        targets: { ...this.effectiveTargets },
      });
      if (!reply.ok) {
        this.#error = reply.error;
        return;
      }
      await this.#reloadJob();
    } finally {
      this.#applyRequested = false;
    }
  }

  /** Stops analysing or applying after the current chunk; what was written stays. */
  async cancel(): Promise<IpcError | null> {
    const job = this.#job;
    if (!job) return null;
    this.#cancelRequested = true;
    const reply = await call('import.cancel', { jobId: job.jobId });
    if (!reply.ok) {
      this.#cancelRequested = false;
      return reply.error;
    }
    await this.#reloadJob();
    return null;
  }

  /** Back to the start, to import something else. The job stays in the recent list. */
  startOver(): void {
    this.#stopPolling();
    this.#job = null;
    this.#source = null;
    this.#error = null;
    this.#targets = { ...NO_TARGETS };
    this.#cancelRequested = false;
    void this.loadJobs();
  }

  /** The profile as a backup file, for the view to save. */
  async createBackup(): Promise<SavedFile | { error: IpcError }> {
    const reply = await call('backup.create', {});
    return reply.ok
      ? { fileName: reply.value.fileName, mimeType: 'application/json', text: reply.value.text }
      : { error: reply.error };
  }

  async exportFile(kind: ExportKind, listId?: string): Promise<SavedFile | { error: IpcError }> {
    const reply = await call('export.file', listId === undefined ? { kind } : { kind, listId });
    return reply.ok ? reply.value : { error: reply.error };
  }

  reset(): void {
    this.#stopPolling();
    this.#samples = [];
    this.#jobs = [];
    this.#source = null;
    this.#job = null;
    this.#staging = false;
    this.#error = null;
    this.#targets = { ...NO_TARGETS };
    this.#resolving = [];
    this.#applyRequested = false;
    this.#cancelRequested = false;
    this.#loaded = false;
  }

  async #stage(run: () => Promise<IpcResult<StagedSource | null>>): Promise<void> {
    if (this.#staging) return;
    this.#staging = true;
    this.#error = null;
    try {
      const staged = await run();
      if (!staged.ok) {
        this.#fail(staged.error);
        return;
      }
      // The user closed the dialog: nothing changes.
      if (staged.value === null) return;
      this.#source = staged.value;
      this.#job = null;
      const analysed = await call('import.analyse', { sourceId: staged.value.sourceId });
      if (!analysed.ok) {
        this.#fail(analysed.error);
        return;
      }
      const job = await call('import.job', { jobId: analysed.value.jobId });
      if (!job.ok) {
        this.#fail(job.error);
        return;
      }
      this.#setJob(job.value, true);
      void this.loadJobs();
    } finally {
      this.#staging = false;
    }
  }

  #fail(error: IpcError): void {
    this.#stopPolling();
    this.#job = null;
    this.#error = error;
  }

  async #reloadJob(): Promise<void> {
    const job = this.#job;
    if (!job) return;
    const reply = await call('import.job', { jobId: job.jobId });
    // A reply for a job the user has left is dropped.
    if (reply.ok && this.#job?.jobId === job.jobId) this.#setJob(reply.value, false);
  }

  #setJob(job: ImportJobView, fresh: boolean): void {
    const previous = this.#job;
    this.#job = job;
    // The targets start as "everything the source holds", once per job as it becomes ready.
    const becameReady =
      job.state === 'ready' &&
      (fresh || previous?.jobId !== job.jobId || previous.state !== 'ready');
    if (becameReady) {
      this.#targets = {
        history: job.counts.watched.total > 0,
        ratings: job.counts.ratings.total > 0,
        watchlist: job.counts.watchlist.total > 0,
        favourites: job.counts.favourites.total > 0,
        lists: job.counts.lists.total > 0,
        follows: job.counts.follows.total > 0,
      };
      // A backup restores as a whole: every part the plan names is merged.
      if (job.format === 'marquee-backup') {
        this.#targets = {
          history: true,
          ratings: true,
          watchlist: true,
          favourites: true,
          lists: true,
          follows: true,
        };
      }
    }
    if (job.state !== 'analysing' && job.state !== 'applying') this.#cancelRequested = false;
    if (job.state === 'analysing' || job.state === 'applying') this.#poll();
    else this.#stopPolling();
  }

  #poll(): void {
    if (this.#timer !== null) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      void this.#reloadJob();
    }, POLL_MS);
  }

  #stopPolling(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
  }
}

export const imports = new ImportState();
