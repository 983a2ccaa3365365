import type { CacheChannel } from '../../../src-shared/ipc/contract';
import type { HandlersFor } from '../../../src-shared/ipc/handlers';
import type { CacheMaintenance } from '../../cache/cache-maintenance';

/** `cache.status` and `cache.clear`, once the cache is open. */
export function cacheHandlers(
  use: () => Promise<{ cacheMaintenance: CacheMaintenance }>,
): HandlersFor<CacheChannel> {
  return {
    'cache.status': async () => (await use()).cacheMaintenance.status(),
    'cache.clear': async () => (await use()).cacheMaintenance.clear(),
  };
}
