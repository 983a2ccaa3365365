import { randomUUID } from 'node:crypto';
import type { StagedSource } from '../../src-shared/ipc/contract';
import { CodedError } from '../../src-shared/ipc/errors';
import type { EventBus } from '../base/events';
import type { Logger } from '../base/log';
import type { UserLibrary } from '../library/user-library';
import type { SettingsStore } from '../settings/settings-store';
import type { ChangePath } from '../changes/change-path';
import { createPreferences } from '../changes/preferences';
import { createPreferenceStore } from '../changes/store/preferences';
import type { TrackingService } from '../tracking/tracking-service';
import { backupFile, createBackup, type BackupDeps } from './backup';
import { exportFile } from './export';
import { createImportJobs, type ImportJobsDeps } from './jobs';
import { createMatcher } from './match';
import { lookupTitle, matchSources, type MatchSourceDeps } from './match-sources';
import { checkPlayTimes } from './play-times';
import { looksLikeBackup } from './read/sniff';
import { createStaging, type ReadImport } from './staging';
import { createBackupStore } from './store/backup';
import { createImportJobStore } from './store/jobs';
import type { ImportSampleSource, ImportService, PickImportSource } from './service-types';

export interface ImportServiceDeps extends MatchSourceDeps {
  /** The library database, for the import's own stores. */
  db: Parameters<typeof createImportJobStore>[0];
  readImport: ReadImport;
  tracking: TrackingService;
  changes: ChangePath;
  library: UserLibrary;
  settings: SettingsStore;
  events: EventBus;
  clock: () => number;
  timeZone: () => string;
  log: Logger;
  appVersion: string;
  samples: ImportSampleSource | null;
  pick: PickImportSource | null;
  /** Whether TMDB is reachable, and a listener for its return (rows waiting for TMDB). */
  online?: () => boolean;
  onOnline?: (listener: () => void) => () => void;
  /** Where a backup's history is restored off the main thread (the worker), when there is one. */
  backups?: ImportJobsDeps['backups'];
  /** Where a file's rows are read and matched off the main thread (the worker), when there is one. */
  imports?: ImportJobsDeps['imports'];
  /** Tests: rows per applied chunk, and a hook after each chunk. */
  chunkRows?: number;
  afterChunk?: ImportJobsDeps['afterChunk'];
}

/**
 * Opening a preview while online matches its waiting rows again, at most this often per job (a
 * TMDB that answers the status probe but not searches must not be asked on every read).
 */
export const RETRY_ON_VIEW_MS = 30_000;

/** The import domain over an open library: staging, jobs, backup and export. */
export function createImportService(deps: ImportServiceDeps): ImportService {
  const staging = createStaging({
    read: async (input, options) => {
      // A Marquee backup is read, checked and stored as text off the main thread when it can be.
      const elsewhere = deps.backups?.() ?? null;
      if (elsewhere !== null && looksLikeBackup(input)) return elsewhere.read(input);
      const reader = deps.imports?.() ?? null;
      if (reader !== null) return reader.read(input, options);
      return checkPlayTimes(await deps.readImport(input, options), deps.clock());
    },
    samples: deps.samples,
    newId: randomUUID,
  });
  const backupDeps: BackupDeps = {
    appVersion: deps.appVersion,
    clock: deps.clock,
    store: createBackupStore(deps.db),
    tracking: deps.tracking,
    library: deps.library,
    settings: deps.settings,
    preferences: createPreferences({
      store: createPreferenceStore(deps.db),
      changes: deps.changes,
      clock: deps.clock,
    }),
  };
  const jobs = createImportJobs({
    store: createImportJobStore(deps.db),
    staging,
    matcher: () => createMatcher(matchSources(deps)),
    lookupTitle: (mediaType, id) => lookupTitle(deps, mediaType, id),
    tracking: deps.tracking,
    changes: deps.changes,
    library: deps.library,
    backup: backupDeps,
    clock: deps.clock,
    newId: randomUUID,
    log: deps.log,
    emit: {
      progress: (p) => {
        deps.events.emit('import.progress', p);
      },
      changed: (jobId, state) => {
        deps.events.emit('import.changed', { jobId, state });
      },
    },
    ...(deps.backups === undefined ? {} : { backups: deps.backups }),
    ...(deps.imports === undefined
      ? {}
      : { imports: deps.imports, remote: () => matchSources(deps) }),
    ...(deps.chunkRows === undefined ? {} : { chunkRows: deps.chunkRows }),
    ...(deps.afterChunk === undefined ? {} : { afterChunk: deps.afterChunk }),
  });
  // Rows that waited for TMDB are matched when it is back; a preview opened online does the same.
  const offOnline = deps.onOnline?.(() => {
    jobs.retryWaiting();
  });
  const triedAt = new Map<string, number>();
  const view = (jobId: string): ReturnType<typeof jobs.job> => {
    const last = triedAt.get(jobId);
    if (deps.online?.() && (last === undefined || deps.clock() - last >= RETRY_ON_VIEW_MS))
      if (jobs.retryWaiting(jobId) > 0) triedAt.set(jobId, deps.clock());
    return jobs.job(jobId);
  };
  const analyse = async (sourceId: string, timeZone?: string): Promise<{ jobId: string }> => {
    if (timeZone !== undefined) await staging.reread(sourceId, { timeZone });
    return jobs.analyse(sourceId);
  };
  const exportDeps = {
    tracking: deps.tracking,
    library: deps.library,
    titles: deps.titles,
    timeZone: deps.timeZone,
    clock: deps.clock,
  };

  return {
    samples: () => deps.samples?.list() ?? [],
    stageSample: (id) => staging.stageSample(id),
    stageBytes: (name, bytes) => staging.stageBytes(name, bytes),
    stagePath: (p) => staging.stagePath(p),
    analyse,
    async open(from, timeZone) {
      let source: StagedSource | null;
      if ('dialog' in from) {
        if (!deps.pick)
          throw new CodedError(
            'unsupported',
            'There is no file dialog here: upload the file instead.',
          );
        const path = await deps.pick(from.dialog);
        source = path === null ? null : await staging.stagePath(path);
      } else if ('sample' in from) source = await staging.stageSample(from.sample);
      else source = staging.take(from.sourceId).source;
      if (source === null) return { source: null, job: null };
      const { jobId } = await analyse(source.sourceId, timeZone);
      return { source, job: view(jobId) };
    },
    job: view,
    resolve: (jobId, rowId, choice) => jobs.resolve(jobId, rowId, choice),
    apply: (jobId, targets) => jobs.apply(jobId, targets),
    cancel: (jobId) => {
      jobs.cancel(jobId);
    },
    jobs: () => jobs.jobs(),
    createBackup: () => backupFile(createBackup(backupDeps)),
    exportFile: (kind, listId) => exportFile(exportDeps, kind, listId),
    start: () => {
      jobs.start();
    },
    idle: () => jobs.idle(),
    close: () => {
      offOnline?.();
      jobs.close();
    },
  };
}
