import type { EventBus } from '../base/events';
import type { Logger } from '../base/log';
import type { Read } from '../cache/reads';
import { createLocalSearch } from '../cache/store/search';
import { createTitleNames } from '../cache/store/title-names';
import type { LocalTitles } from '../cache/store/titles';
import type { ChangePath } from '../changes/change-path';
import type { Databases } from '../db/databases';
import { createImportService } from '../import/import-service';
import { readImport } from '../import/read/index';
import type { ImportService, ImportWiring } from '../import/service-types';
import type { UserLibrary } from '../library/user-library';
import type { SettingsStore } from '../settings/settings-store';
import type { TrackingService } from '../tracking/tracking-service';
import type { HeavyWork } from '../worker/heavy';

/** What the graph's own deps give import, backup and export. */
export interface ImportGraphDeps {
  dbs: Databases;
  settings: SettingsStore;
  events: EventBus;
  clock: () => number;
  log: Logger;
  appVersion?: string | undefined;
  imports?: ImportWiring | undefined;
  /** The worker's heavy work, once it is wired (a backup's history is restored there). */
  heavy?: (() => HeavyWork | null) | undefined;
}

/** Import, backup and export over the library, writing through the tracking service. */
export function buildImports(
  deps: ImportGraphDeps,
  parts: {
    db: NonNullable<Databases['library']>;
    changes: ChangePath;
    read: Read;
    titles: LocalTitles;
    tracking: TrackingService;
    library: UserLibrary;
    timeZone: () => string;
    online: () => boolean;
  },
): ImportService {
  const { dbs, events } = deps;
  return createImportService({
    ...parts,
    readImport: (input, options) => readImport(input, options),
    localSearch: createLocalSearch(dbs.cache),
    titleNames: createTitleNames(dbs.cache),
    settings: deps.settings,
    events,
    clock: deps.clock,
    log: deps.log,
    appVersion: deps.appVersion ?? '0.0.0',
    samples: deps.imports?.samples ?? null,
    pick: deps.imports?.pick ?? null,
    onOnline: (listener) =>
      events.on('network.status', (status) => {
        if (status.online) listener();
      }),
    backups: () => deps.heavy?.()?.backups ?? null,
    imports: () => deps.heavy?.()?.imports ?? null,
    ...(deps.imports?.chunkRows === undefined ? {} : { chunkRows: deps.imports.chunkRows }),
    ...(deps.imports?.afterChunk === undefined ? {} : { afterChunk: deps.imports.afterChunk }),
  });
}
