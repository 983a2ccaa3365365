import fs from 'node:fs';
import type { CacheUsage, UsageStore } from './store/usage';

export interface CacheMaintenance {
  /** The cache's size, with the image cap in force. */
  status(): CacheUsage & { imageLimitBytes: number };
  /** Removes everything the cache can fetch again; returns the bytes freed. */
  clear(): { freedBytes: number };
}

/**
 * Clearing removes saved responses, the title index and the images: everything the cache can
 * fetch again. The library (watchlist, lists, the outbox) is a different database and is never
 * touched here.
 */
export function createCacheMaintenance(deps: {
  store: UsageStore;
  imageDir: string;
  imageLimitBytes: () => number;
}): CacheMaintenance {
  return {
    status: () => ({ ...deps.store.usage(), imageLimitBytes: deps.imageLimitBytes() }),
    clear: () => {
      const before = deps.store.usage();
      deps.store.clearAll();
      // Rows first, then files: an image without a row is refetched, a row without a file is dropped on read.
      fs.rmSync(deps.imageDir, { recursive: true, force: true });
      return { freedBytes: before.responseBytes + before.imageBytes };
    },
  };
}
