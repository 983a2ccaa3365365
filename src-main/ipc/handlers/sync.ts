import type { SyncChannel } from '../../../src-shared/ipc/contract';
import type { HandlersFor } from '../../../src-shared/ipc/handlers';
import type { SyncScheduler } from '../../library/sync/scheduler';
import { libraryPart } from './library-open';

export interface SyncDeps {
  /** null when the library could not be opened: there is nothing to sync. */
  sync: SyncScheduler | null;
  libraryProblem: string | null;
}

/** `sync.now`, the outbox view and retrying failed changes, once the library is open. */
export function syncHandlers(use: () => Promise<SyncDeps>): HandlersFor<SyncChannel> {
  const sync = async (): Promise<SyncScheduler> => {
    const deps = await use();
    return libraryPart(deps.sync, 'Sync is off', deps.libraryProblem);
  };
  return {
    'sync.now': async () => (await sync()).refresh(),
    'sync.outbox': async () => (await sync()).outbox(),
    'sync.retryFailed': async () => (await sync()).retryFailed(),
  };
}
