import { computePicks, picksReaders, type PicksJob, type PicksReaders } from '../picks/compute';
import type { JobContext } from './registry';

/**
 * The picks' readers keep the cache responses they parsed between calls (one parse per stored
 * copy), so a worker that stays up answers from a warm memory as well as a warm cache.
 */
const readers = new WeakMap<JobContext, PicksReaders>();

export function picksJob(context: JobContext, input: PicksJob) {
  let kept = readers.get(context);
  if (kept === undefined) {
    kept = picksReaders(context.library, context.cache);
    readers.set(context, kept);
  }
  return computePicks(kept, input);
}
