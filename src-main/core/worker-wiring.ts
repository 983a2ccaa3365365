import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from '../base/log';
import { CACHE_FILE, LIBRARY_FILE, type Databases } from '../db/databases';
import type { SettingsStore } from '../settings/settings-store';
import type { StatsService } from '../stats/stats-service';
import { systemTimeZone } from '../tracking/dates';
import { createHeavyWork, type HeavyWork } from '../worker/heavy';
import type { HeavyJobs } from '../worker/jobs';
import { createJobRunner, type JobRun } from '../worker/runner';
import type { WriteTurns } from '../db/write-turn';

/** Where the worker's script is: the shell passes the built `worker.js`; tests a bundle of theirs. */
export interface WorkerWiring {
  entry: string | URL;
  execArgv?: string[];
  /** How long closing waits for a running job to stop before stopping the worker. */
  closeGraceMs?: number;
  /** Hears where each job ran (tests). */
  observe?: (ran: JobRun) => void;
}

export interface HeavyWiringDeps {
  dbs: Databases;
  dataDir: string;
  settings: SettingsStore;
  clock: () => number;
  log: Logger;
  appVersion: string;
  stats: () => StatsService | null;
  /** Turns at the library's write lock, shared with the worker. */
  turns: WriteTurns;
}

/**
 * The heavy channels' worker, when the shell gave one and both files are on disk (a cache that
 * could not be opened runs in memory, where no other connection can see it: then the work stays
 * here, as it always was). A worker script that is not there (a build without it) is said in the
 * log once, and the work stays here too.
 */
export function wireHeavyWork(
  wiring: WorkerWiring | undefined,
  deps: HeavyWiringDeps,
): HeavyWork | null {
  if (wiring === undefined || deps.dbs.library === null || deps.dbs.status.cache === 'unavailable')
    return null;
  const file = wiring.entry instanceof URL ? fileURLToPath(wiring.entry) : wiring.entry;
  if (!fs.existsSync(file)) {
    deps.log.warn('worker.missing', { entry: file });
    return null;
  }
  const runner = createJobRunner<HeavyJobs>({
    entry: wiring.entry,
    setup: {
      cacheFile: path.join(deps.dataDir, CACHE_FILE),
      libraryFile: path.join(deps.dataDir, LIBRARY_FILE),
      turns: deps.turns.buffer,
    },
    log: deps.log,
    ...(wiring.execArgv === undefined ? {} : { execArgv: wiring.execArgv }),
    ...(wiring.closeGraceMs === undefined ? {} : { closeGraceMs: wiring.closeGraceMs }),
    ...(wiring.observe === undefined ? {} : { observe: wiring.observe }),
  });
  return createHeavyWork({
    runner,
    clock: deps.clock,
    timeZone: systemTimeZone,
    region: () => deps.settings.get().region,
    settings: () => deps.settings.get(),
    appVersion: deps.appVersion,
    filling: () => deps.stats()?.filling() ?? false,
  });
}
