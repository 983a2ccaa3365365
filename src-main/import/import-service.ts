import { randomUUID } from 'node:crypto';
import type { MatchCandidate } from '../../src-shared/ipc/contract';
import type { EventBus } from '../base/events';
import type { Logger } from '../base/log';
import type { Read } from '../cache/reads';
import type { LocalSearchHit, LocalSearchOptions } from '../cache/store/search';
import type { TitleLookup } from '../library/title-lookup';
import type { UserLibrary } from '../library/user-library';
import type { SettingsStore } from '../settings/settings-store';
import type { TrackingService } from '../tracking/tracking-service';
import { createBackup, type BackupDeps } from './backup';
import { exportFile } from './export';
import { createImportJobs, type ImportJobsDeps } from './jobs';
import { createMatcher, normaliseTitle, type MatchSources } from './match';
import type { createTitleNames } from '../cache/store/title-names';
import { checkPlayTimes } from './play-times';
import { createStaging, type ReadImport } from './staging';
import { createBackupStore } from './store/backup';
import { createImportJobStore } from './store/jobs';
import type { ImportSampleSource, ImportService, PickImportSource } from './service-types';

export interface ImportServiceDeps {
  /** The library database, for the import's own stores. */
  db: Parameters<typeof createImportJobStore>[0];
  /** Every cached title's names (the matcher's exact-name index). */
  titleNames?: ReturnType<typeof createTitleNames>;
  read: Read;
  readImport: ReadImport;
  localSearch: (query: string, options?: LocalSearchOptions) => LocalSearchHit[];
  titles: TitleLookup;
  tracking: TrackingService;
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
  /** Tests: rows per applied chunk, and a hook after each chunk. */
  chunkRows?: number;
  afterChunk?: ImportJobsDeps['afterChunk'];
}

const yearOf = (date: string | null | undefined): number | null =>
  date && /^\d{4}/.test(date) ? Number(date.slice(0, 4)) : null;

/** Above this many cached titles the exact-name index is not built (memory); FTS answers alone. */
export const MAX_INDEXED_TITLES = 300_000;

/**
 * TMDB's reads and the local cache as the matcher sees them. Make one per job: the exact-name
 * index is built on first use from the cache as it is then.
 */
export function matchSources(
  deps: Pick<ImportServiceDeps, 'read' | 'localSearch' | 'titles' | 'titleNames'>,
): MatchSources {
  let index: Map<string, MatchCandidate[]> | null | undefined;
  const buildIndex = (): Map<string, MatchCandidate[]> | null => {
    const names = deps.titleNames;
    if (!names || names.count() > MAX_INDEXED_TITLES) return null;
    const map = new Map<string, MatchCandidate[]>();
    const add = (key: string, c: MatchCandidate): void => {
      const list = map.get(key);
      if (!list) map.set(key, [c]);
      else if (!list.includes(c)) list.push(c);
    };
    names.each((row) => {
      const c: MatchCandidate = {
        mediaType: row.kind,
        id: row.id,
        title: row.title,
        year: yearOf(row.date),
        posterPath: row.posterPath,
        originalTitle: row.originalTitle,
      };
      add(normaliseTitle(row.title), c);
      if (row.originalTitle && row.originalTitle !== row.title)
        add(normaliseTitle(row.originalTitle), c);
    });
    return map;
  };
  const known = (mediaType: 'movie' | 'tv', id: number): MatchCandidate | undefined => {
    const t = deps.titles.title(mediaType, id);
    return t
      ? {
          mediaType,
          id,
          title: t.title,
          year: yearOf(t.date),
          posterPath: t.poster_path,
          originalTitle: t.original_title,
        }
      : undefined;
  };
  /** TMDB's find by an external id: films, then episodes (with TMDB's numbers), then series. */
  const find = async (
    source: 'imdb_id' | 'tvdb_id',
    externalId: string,
  ): Promise<MatchCandidate[]> => {
    const { data } = await deps.read('GET /3/find/{external_id}', {
      params: { external_id: externalId },
      query: { external_source: source },
    });
    return [
      ...data.movie_results.map((m) => ({
        mediaType: 'movie' as const,
        id: m.id,
        title: m.title,
        year: yearOf(m.release_date),
        posterPath: m.poster_path ?? null,
        originalTitle: m.original_title,
      })),
      ...data.tv_episode_results.map((e) => ({
        mediaType: 'tv' as const,
        id: e.show_id,
        title: e.name,
        year: yearOf(e.air_date),
        posterPath: e.still_path,
        season: e.season_number,
        episode: e.episode_number,
      })),
      ...data.tv_results.map((s) => ({
        mediaType: 'tv' as const,
        id: s.id,
        title: s.name,
        year: yearOf(s.first_air_date),
        posterPath: s.poster_path ?? null,
        originalTitle: s.original_name,
      })),
    ];
  };
  return {
    exact(normalised, kinds) {
      if (index === undefined) index = buildIndex();
      if (index === null) return null;
      return (index.get(normalised) ?? []).filter((c) => kinds.includes(c.mediaType));
    },
    local: (title, kinds) =>
      deps
        .localSearch(title, { kinds, limit: 20 })
        .filter((h): h is LocalSearchHit & { kind: 'movie' | 'tv' } => h.kind !== 'person')
        .map((h) => ({
          mediaType: h.kind,
          id: h.id,
          title: h.name,
          year: yearOf(h.date),
          posterPath: h.imagePath,
          originalTitle: h.originalName,
        })),
    known,
    async search(mediaType, title, year) {
      if (mediaType === 'movie') {
        const { data } = await deps.read('GET /3/search/movie', {
          query: { query: title, ...(year === undefined ? {} : { year }) },
        });
        return data.results.map((m) => ({
          mediaType: 'movie' as const,
          id: m.id,
          title: m.title,
          year: yearOf(m.release_date),
          posterPath: m.poster_path ?? null,
          originalTitle: m.original_title,
        }));
      }
      const { data } = await deps.read('GET /3/search/tv', {
        query: { query: title, ...(year === undefined ? {} : { first_air_date_year: year }) },
      });
      return data.results.map((s) => ({
        mediaType: 'tv' as const,
        id: s.id,
        title: s.name,
        year: yearOf(s.first_air_date),
        posterPath: s.poster_path ?? null,
        originalTitle: s.original_name,
      }));
    },
    findImdb: (imdbId) => find('imdb_id', imdbId),
    findTvdb: (tvdbId) => find('tvdb_id', String(tvdbId)),
  };
}

/**
 * Opening a preview while online matches its waiting rows again, at most this often per job (a
 * TMDB that answers the status probe but not searches must not be asked on every poll).
 */
export const RETRY_ON_VIEW_MS = 30_000;

/** The import domain over an open library: staging, jobs, backup and export. */
export function createImportService(deps: ImportServiceDeps): ImportService {
  const sources = matchSources({ ...deps, titleNames: undefined });
  const staging = createStaging({
    read: async (input, options) =>
      checkPlayTimes(await deps.readImport(input, options), deps.clock()),
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
  };
  const jobs = createImportJobs({
    store: createImportJobStore(deps.db),
    staging,
    matcher: () => createMatcher(matchSources(deps)),
    async lookupTitle(mediaType, id) {
      const local = sources.known(mediaType, id);
      if (local) return local;
      try {
        // A film and a series name their title and first date differently.
        const found =
          mediaType === 'movie'
            ? await deps
                .read('GET /3/movie/{movie_id}', { params: { movie_id: id } })
                .then(({ data }) => ({
                  title: data.title,
                  date: data.release_date,
                  posterPath: data.poster_path,
                }))
            : await deps
                .read('GET /3/tv/{series_id}', { params: { series_id: id } })
                .then(({ data }) => ({
                  title: data.name,
                  date: data.first_air_date,
                  posterPath: data.poster_path,
                }));
        return {
          mediaType,
          id,
          title: found.title,
          year: yearOf(found.date),
          posterPath: found.posterPath ?? null,
        };
      } catch {
        return null;
      }
    },
    tracking: deps.tracking,
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
    pick: deps.pick,
    async analyse(sourceId, timeZone) {
      if (timeZone !== undefined) await staging.reread(sourceId, { timeZone });
      return jobs.analyse(sourceId);
    },
    job: view,
    resolve: (jobId, rowId, choice) => jobs.resolve(jobId, rowId, choice),
    apply: (jobId, targets) => jobs.apply(jobId, targets),
    cancel: (jobId) => {
      jobs.cancel(jobId);
    },
    jobs: () => jobs.jobs(),
    createBackup() {
      const backup = createBackup(backupDeps);
      const day = new Date(backup.createdAt).toISOString().slice(0, 10);
      return {
        fileName: `marquee-backup-${day}.json`,
        text: `${JSON.stringify(backup, null, 1)}\n`,
      };
    },
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
