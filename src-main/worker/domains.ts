import { EventBus } from '../base/events';
import { createLocalTitles } from '../cache/store/titles';
import { createChangePath } from '../changes/change-path';
import { createChangeStore } from '../changes/store/changes';
import { createCollectionReader } from '../library/store/collections';
import { createLibrary } from '../library/store/library';
import { createViewStore } from '../library/store/views';
import { createUserLibrary, type UserLibrary } from '../library/user-library';
import { createTrackingStore } from '../tracking/store';
import { createTracking, type Tracking } from '../tracking/tracking';
import type { JobContext } from './registry';

/**
 * The domains the jobs read through, built over the worker's own connections at the moment the
 * main process names (`now`, the zone, the region).
 */

export function trackingOf(
  context: JobContext,
  input: { now: number; timeZone: string; region: string },
): Tracking {
  const clock = (): number => input.now;
  return createTracking(createTrackingStore(context.library), {
    clock,
    timeZone: () => input.timeZone,
    region: () => input.region,
    // Read-only here: nothing these jobs do records a change.
    changes: createChangePath({ store: createChangeStore(context.library), clock }),
  });
}

export function libraryOf(context: JobContext, now: number): UserLibrary {
  const db = context.library;
  return createUserLibrary({
    store: {
      library: createLibrary(db, { clock: () => now }),
      views: createViewStore(db),
      collection: createCollectionReader(db),
    },
    problem: null,
    titles: createLocalTitles(context.cache),
    // Reads only: no change is queued or announced from here.
    events: new EventBus(),
    authState: () => 'user',
    onQueued: () => undefined,
  });
}
