import type { ImportChannel } from '../../../src-shared/ipc/contract';
import type { HandlersFor } from '../../../src-shared/ipc/handlers';
import type { ImportService } from '../../import/service-types';
import type { HeavyWork } from '../../worker/heavy';
import { libraryPart } from './library-open';

export interface ImportDeps {
  /** null when the library could not be opened: there is nowhere to import into. */
  imports: ImportService | null;
  libraryProblem: string | null;
  /** The worker that writes backups and exports; without one they are written here. */
  heavy?: HeavyWork | null;
}

/** Import, backup and export, once the library is open. */
export function importHandlers(use: () => Promise<ImportDeps>): HandlersFor<ImportChannel> {
  const service = async (): Promise<ImportService> => {
    const deps = await use();
    return libraryPart(deps.imports, 'Import and backup are off', deps.libraryProblem);
  };
  /** The service's checks first (the library is open), then the worker when there is one. */
  const heavy = async (): Promise<{ service: ImportService; heavy: HeavyWork | null }> => {
    const deps = await use();
    const open = libraryPart(deps.imports, 'Import and backup are off', deps.libraryProblem);
    return { service: open, heavy: deps.heavy ?? null };
  };
  return {
    'import.samples': async () => ({ samples: (await service()).samples() }),
    'import.stageSample': async ({ id }) => (await service()).stageSample(id),
    'import.open': async ({ from, timeZone }) => (await service()).open(from, timeZone),
    'import.analyse': async ({ sourceId, timeZone }) =>
      (await service()).analyse(sourceId, timeZone),
    'import.job': async ({ jobId }) => (await service()).job(jobId),
    'import.resolve': async ({ jobId, rowId, choice }) =>
      (await service()).resolve(jobId, rowId, choice),
    'import.apply': async ({ jobId, targets }) => (await service()).apply(jobId, targets),
    'import.cancel': async ({ jobId }) => {
      (await service()).cancel(jobId);
      return { ok: true as const };
    },
    'import.jobs': async () => ({ jobs: (await service()).jobs() }),
    'backup.create': async () => {
      const { service: here, heavy: worker } = await heavy();
      return worker ? worker.createBackup() : here.createBackup();
    },
    'export.file': async ({ kind, listId }) => {
      const { service: here, heavy: worker } = await heavy();
      return worker ? worker.exportFile(kind, listId) : here.exportFile(kind, listId);
    },
  };
}
