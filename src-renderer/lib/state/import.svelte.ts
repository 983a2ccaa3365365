import type { MarqueeApi } from '../../../src-shared/ipc/api';
import type {
  ImportJobSummary,
  ImportJobView,
  ImportTargets,
  StagedSource,
} from '../../../src-shared/ipc/contract/import';
import type { IpcError } from '../../../src-shared/ipc/errors';
import type { IpcResult } from '../../../src-shared/ipc/result';
import { call, uploadBridge } from '../api';
import { coalesce } from '../coalesce';
import { auth } from './auth.svelte';
import { createBackup, exportFile, upload } from './import-files';
import {
  initialTargets,
  KINDS,
  newRows,
  NO_TARGETS,
  restoreChanges,
  stepOf,
  type ImportSample,
  type ImportStep,
} from './import-model';

export {
  KINDS,
  newRows,
  restoreChanges,
  type ExportKind,
  type ImportSample,
  type ImportStep,
  type SavedFile,
} from './import-model';

/** Where `import.open` takes a source from. */
type OpenFrom = { dialog: 'file' | 'folder' } | { sample: string } | { sourceId: string };

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
  /**
   * `import.changed` events seen while the page listens: one that arrives while a job is being
   * opened is for a job this state does not hold yet, so the job is read again after it opens.
   */
  #changes = 0;
  /** Every read of the open job, one after another: the last one starts after the last event. */
  readonly #reload = coalesce(() => this.#reloadJob());

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
    return target === 'watched' || target === 'follows' || this.signedIn();
  }
  /** The targets applying will use: the chosen ones that are available. */
  readonly effectiveTargets: ImportTargets = $derived({
    watched: this.#targets.watched,
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

  readonly step: ImportStep = $derived(stepOf(this.#staging, this.#job, this.#error));

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
      (sum, kind) => sum + (this.effectiveTargets[kind] ? newRows(job, kind) : 0),
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

  /**
   * Follows progress and state changes of the open job; returns the function that stops. Events
   * are the only news of a running job (nothing polls), so whatever they may have missed is read
   * again: the open job when the page is shown, and a job opened while an event passed.
   */
  start(bridge: MarqueeApi): () => void {
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
        this.#changes += 1;
        if (this.#job?.jobId === jobId) void this.#reload();
        void this.loadJobs();
      }),
    ];
    // Back on the page with a job open: read it again, as events may have passed meanwhile.
    if (this.#job) void this.#reload();
    return () => {
      stops.forEach((stop) => {
        stop();
      });
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
    await this.#open(() => Promise.resolve({ ok: true, value: { dialog: kind } }));
  }

  /**
   * The browser harness: the chosen file goes to the core as it is. Without the harness's
   * bridge this fails as `unsupported`.
   */
  async upload(file: File): Promise<void> {
    await this.#open(() => upload(file));
  }

  async stageSample(id: string): Promise<void> {
    await this.#open(() => Promise.resolve({ ok: true, value: { sample: id } }));
  }

  /**
   * Reads the staged source again with dates in another zone (TV Time's) and opens the fresh
   * job, as a job without its staged source. Answers the failure, if any.
   */
  async readInZone(sourceId: string, timeZone: string): Promise<IpcError | null> {
    const seen = this.#changes;
    const reply = await call('import.open', { from: { sourceId }, timeZone });
    if (!reply.ok) return reply.error;
    this.#error = null;
    this.#source = null;
    if (reply.value.job) this.#opened(reply.value.job, seen);
    return null;
  }

  /** Opens a recent job: its preview if still ready, else its result. */
  async openJob(jobId: string): Promise<void> {
    this.#error = null;
    this.#source = null;
    const seen = this.#changes;
    const reply = await call('import.job', { jobId });
    if (!reply.ok) {
      this.#fail(reply.error);
      return;
    }
    this.#opened(reply.value, seen);
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
      await this.#reload();
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
    await this.#reload();
    return null;
  }

  /** Back to the start, to import something else. The job stays in the recent list. */
  startOver(): void {
    this.#job = null;
    this.#source = null;
    this.#error = null;
    this.#targets = { ...NO_TARGETS };
    this.#cancelRequested = false;
    void this.loadJobs();
  }

  /** The profile as a backup file, for the view to save. */
  readonly createBackup = createBackup;
  /** A file for other tools, for the view to save. */
  readonly exportFile = exportFile;

  reset(): void {
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

  /** Stages a source and opens its job in one call (`import.open`). */
  async #open(from: () => Promise<IpcResult<OpenFrom>>): Promise<void> {
    if (this.#staging) return;
    this.#staging = true;
    this.#error = null;
    try {
      const where = await from();
      if (!where.ok) {
        this.#fail(where.error);
        return;
      }
      const seen = this.#changes;
      const opened = await call('import.open', { from: where.value });
      if (!opened.ok) {
        this.#fail(opened.error);
        return;
      }
      // The user closed the dialog: nothing changes.
      const { source, job } = opened.value;
      if (source === null || job === null) return;
      this.#source = source;
      this.#opened(job, seen);
      void this.loadJobs();
    } finally {
      this.#staging = false;
    }
  }

  /** A job just opened; read again if its state may have changed while it was being opened. */
  #opened(job: ImportJobView, changesBefore: number): void {
    this.#setJob(job, true);
    if (this.#changes !== changesBefore) void this.#reload();
  }

  #fail(error: IpcError): void {
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
    if (becameReady) this.#targets = initialTargets(job);
    if (job.state !== 'analysing' && job.state !== 'applying') this.#cancelRequested = false;
  }
}

export const imports = new ImportState();
