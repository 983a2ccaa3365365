import type { Provenance } from '../../src-shared/ipc/contract';

export type AgeNotice = 'offline' | 'stale' | null;

/**
 * Whether a reply's age is worth saying (issue 13, defect 4). Status stays quiet: fresh data
 * online says nothing, even when it came from the cache (a cache-first read is still fresh).
 * Offline, a cached copy says it is one; online, only a copy past its freshness window does.
 */
export function ageNotice(meta: Provenance | null, online: boolean): AgeNotice {
  if (meta === null) return null;
  if (!online && meta.source === 'cache') return 'offline';
  return meta.stale ? 'stale' : null;
}
