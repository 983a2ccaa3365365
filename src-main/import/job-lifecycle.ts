import { importDecided } from './changes';
import type {
  ImportJobView,
  ImportTargets,
  MatchCandidate,
} from '../../src-shared/ipc/contract/import';
import { CodedError } from '../../src-shared/ipc/errors';
import { parseBackup, type Backup } from './backup';
import { LIST_FILMS_ONLY, fitsTarget, rematchWaiting } from './settle';
import type { Applying } from './job-apply';
import { asRow, message, type ImportJobs, type JobContext } from './job-context';
import { matchAll } from './job-matching';

/**
 * A job's life: a staged source is analysed into a job stored in the library (so a crash never
 * leaves an import half-applied without a record), its review rows resolved, then applied,
 * cancelled or matched again when TMDB is back. At start-up a job found `applying` resumes where
 * its markers say; one interrupted again and again (MAX_ATTEMPTS) is rolled back instead, so an
 * import that crashes Marquee cannot do so forever.
 */

/** Starts of an apply (the first plus resumes) before an interrupted job is rolled back. */
export const MAX_ATTEMPTS = 3;

export type JobLifecycle = Omit<ImportJobs, 'job' | 'jobs'>;

export function createJobLifecycle(
  ctx: JobContext,
  applying: Applying,
  view: (jobId: string) => ImportJobView,
): JobLifecycle {
  const { deps, store, running } = ctx;
  const { clock } = deps;
  /**
   * One analysis per staged read: a second call answers the job the first one started. A source
   * read again (another time zone chosen in the preview) is a new read, analysed anew.
   */
  const analysed = new Map<string, { jobId: string; parsed: object }>();

  /**
   * Rows read elsewhere (the worker) are matched and stored there, in one write, TMDB's lookups
   * asked of this process; cancelled, nothing is stored.
   */
  const analyseElsewhere = (
    jobId: string,
    format: string,
    rowsHeld: { token: string; count: number },
  ): void => {
    ctx.track(jobId, async (run) => {
      const work = deps.imports?.() ?? null;
      const remote = deps.remote?.();
      if (work === null || remote === undefined)
        throw new CodedError('not_found', 'This file is no longer read. Choose it again.');
      ctx.progress(jobId, run, 'reading', rowsHeld.count, rowsHeld.count);
      const abort = new AbortController();
      run.abort = () => {
        abort.abort();
      };
      let finished = true;
      try {
        const { present } = await work.analyse(jobId, rowsHeld.token, {
          signal: abort.signal,
          onProgress: (done, total) => {
            ctx.progress(jobId, run, 'matching', done, total);
          },
          remote,
          format,
        });
        // Kept for the version the new state makes, so the preview does not count them again.
        if (present !== null && !ctx.closed)
          ctx.present.set(jobId, { at: ctx.version + 1, counts: present });
      } catch (error) {
        if (!run.cancel && !ctx.closed) throw error;
        finished = false;
      }
      if (ctx.closed) return;
      ctx.setState(jobId, finished ? 'ready' : 'cancelled');
    });
  };

  return {
    analyse(sourceId) {
      const staged = deps.staging.take(sourceId);
      const { parsed, source } = staged;
      const earlier = analysed.get(sourceId);
      if (earlier?.parsed === parsed && store.job(earlier.jobId)) return { jobId: earlier.jobId };
      const jobId = deps.newId();
      analysed.set(sourceId, { jobId, parsed });
      let backup: Backup | null = null;
      let backupError: string | null = parsed.backupError ?? null;
      // Read elsewhere, a backup comes checked, as text; read here, it is checked here.
      const held = parsed.backupHeld;
      const readElsewhere = held !== undefined || parsed.backupError !== undefined;
      if (parsed.format === 'marquee-backup' && !readElsewhere) {
        try {
          backup = parseBackup(parsed.backup);
        } catch (error) {
          backupError = message(error);
        }
      }
      store.create({
        id: jobId,
        format: parsed.format,
        sourceName: source.name,
        files: parsed.files,
        problems: parsed.problems.slice(0, 1_000),
        backup,
        now: clock(),
      });
      if (parsed.format === 'marquee-backup') {
        const work = deps.backups?.() ?? null;
        if (backupError !== null || held === undefined || work === null) {
          ctx.setState(jobId, backupError === null ? 'ready' : 'failed', { error: backupError });
          return { jobId };
        }
        // Stored from where it was read, and planned there (the plan walks the whole backup and
        // history): the document never crosses to this thread.
        deps.emit.changed(jobId, 'analysing');
        ctx.track(jobId, async () => {
          await work.store(jobId, held);
          const plan = await work.plan(jobId);
          if (ctx.closed) return;
          // Kept for the version the new state makes, so no read of the job plans it again.
          ctx.plans.set(jobId, { at: ctx.version + 1, plan });
          ctx.setState(jobId, 'ready');
        });
        return { jobId };
      }
      deps.emit.changed(jobId, 'analysing');
      const rowsHeld = parsed.rowsHeld;
      if (rowsHeld !== undefined) {
        analyseElsewhere(jobId, parsed.format, rowsHeld);
        return { jobId };
      }
      ctx.track(jobId, async (run) => {
        ctx.progress(jobId, run, 'reading', parsed.rows.length, parsed.rows.length);
        const finished = await matchAll(ctx, jobId, parsed.rows, run);
        if (ctx.closed) return;
        ctx.setState(jobId, finished ? 'ready' : 'cancelled');
      });
      return { jobId };
    },
    async resolve(jobId, rowId, choice) {
      const job = ctx.need(jobId);
      if (job.state !== 'ready')
        throw new CodedError('conflict', 'This import can no longer be changed.');
      const row = store.row(jobId, rowId);
      if (!row) throw new CodedError('not_found', 'There is no such row in this import.');
      if (row.appliedAt !== null)
        throw new CodedError('conflict', 'This row was already imported.');
      const candidate =
        'skip' in choice
          ? null
          : ((row.candidates as MatchCandidate[]).find(
              (c) => c.mediaType === choice.mediaType && c.id === choice.id,
            ) ?? (await deps.lookupTitle(choice.mediaType, choice.id)));
      if (!('skip' in choice)) {
        if (!candidate) throw new CodedError('not_found', 'TMDB has no such title.');
        if (!fitsTarget(asRow(row), candidate))
          throw new CodedError('invalid_input', LIST_FILMS_ONLY);
      }
      // The decision and its change record in one transaction of the change path.
      deps.changes.write(() => {
        store.resolve(jobId, rowId, candidate ? 'matched' : 'skipped', candidate);
        deps.changes.record(importDecided(job.format, asRow(row), choice));
      });
      ctx.touch(jobId);
      return view(jobId);
    },
    apply(jobId, targets) {
      const job = ctx.need(jobId);
      if (running.has(jobId)) throw new CodedError('conflict', 'This import is already running.');
      if (job.state !== 'ready' && job.state !== 'cancelled')
        throw new CodedError('conflict', 'This import cannot be applied now.');
      if (job.rows === 0 && job.format !== 'marquee-backup')
        throw new CodedError(
          'conflict',
          'This import was stopped before its file was read. Choose the file again.',
        );
      if (!Object.values(targets).some(Boolean))
        throw new CodedError('invalid_input', 'Choose at least one thing to import.');
      ctx.touch(jobId, {
        state: 'applying',
        targets,
        attempts: job.attempts + 1,
        error: null,
        result: null,
      });
      deps.emit.changed(jobId, 'applying');
      applying.start(ctx.need(jobId), targets);
      return { jobId };
    },
    cancel(jobId) {
      ctx.need(jobId);
      const run = running.get(jobId);
      if (run) {
        run.cancel = true;
        run.abort?.();
      }
    },
    retryWaiting(only) {
      let started = 0;
      for (const jobId of store.waitingJobs()) {
        if (only !== undefined && jobId !== only) continue;
        if (ctx.closed || running.has(jobId) || store.job(jobId)?.state !== 'ready') continue;
        started += 1;
        ctx.track(jobId, async (run) => {
          const settled = await rematchWaiting(deps, jobId, () => run.cancel || ctx.closed);
          if (settled === 0 || ctx.closed) return;
          ctx.touch(jobId);
          deps.emit.changed(jobId, 'ready');
        });
      }
      return started;
    },
    start() {
      for (const job of store.inState('analysing'))
        ctx.setState(job.id, 'failed', {
          note: 'Marquee closed while reading this file. Choose it again to import it.',
        });
      for (const job of store.inState('applying')) {
        const targets = job.targets as ImportTargets | null;
        if (job.attempts >= MAX_ATTEMPTS || targets === null) applying.rollBack(job);
        else {
          store.update(
            job.id,
            {
              attempts: job.attempts + 1,
              note: 'Marquee closed during this import; it resumed where it stopped.',
            },
            clock(),
          );
          deps.log.info('import.resumed', { jobId: job.id });
          applying.start(ctx.need(job.id), targets);
        }
      }
    },
    idle: async () => {
      while (running.size > 0) await Promise.all([...running.values()].map((r) => r.done));
    },
    close() {
      ctx.closed = true;
    },
  };
}
