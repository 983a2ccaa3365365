import type { SyncChannel } from '../../../src-shared/ipc/contract';
import { CodedError } from '../../../src-shared/ipc/errors';
import type { HandlersFor } from '../../../src-shared/ipc/handlers';
import type { SyncScheduler } from '../../library/sync/scheduler';

export interface SyncDeps {
  /** null when the library could not be opened: there is nothing to sync. */
  sync: SyncScheduler | null;
  libraryProblem: string | null;
}

/** `sync.now`, the outbox view and retrying failed changes, once the library is open. */
export function syncHandlers(use: () => Promise<SyncDeps>): HandlersFor<SyncChannel> {
  const sync = async (): Promise<SyncScheduler> => {
    const deps = await use();
    if (deps.sync) return deps.sync;
    throw new CodedError(
      'internal',
      `Sync is off because your library could not be opened. (${deps.libraryProblem ?? 'unknown problem'})`,
    );
  };
  return {
    'sync.now': async () => (await sync()).refresh(),
    'sync.outbox': async () => (await sync()).outbox(),
    'sync.retryFailed': async () => (await sync()).retryFailed(),
  };
}
