import type { HistoryChannel, TrackingChannel } from '../../../src-shared/ipc/contract';
import type { HandlersFor } from '../../../src-shared/ipc/handlers';
import type { TrackingService } from '../../tracking/tracking-service';
import type { HeavyWork } from '../../worker/heavy';
import { libraryPart } from './library-open';

export interface TrackingDeps {
  /** null when the library could not be opened: there is no history to read or write. */
  tracking: TrackingService | null;
  libraryProblem: string | null;
  /** The worker that writes the calendar export; without one it is written here. */
  heavy?: HeavyWork | null;
}

/** Watch history, progress, Up Next, the calendar and the inbox, once the library is open. */
export function trackingHandlers(
  use: () => Promise<TrackingDeps>,
): HandlersFor<TrackingChannel | HistoryChannel> {
  const service = async (): Promise<TrackingService> => {
    const deps = await use();
    return libraryPart(deps.tracking, 'Watch tracking is off', deps.libraryProblem);
  };
  const domain = async (): Promise<TrackingService['tracking']> => (await service()).tracking;
  return {
    'tracking.mark': async ({ target, ...options }) => (await service()).mark(target, options),
    'tracking.unmark': async ({ target, ...options }) => (await service()).unmark(target, options),
    'tracking.restore': async ({ plays }) => (await service()).restore(plays),
    'tracking.plays': async ({ target }) => ({ plays: (await domain()).plays(target) }),
    'tracking.history': async (query) => (await domain()).history(query),
    'tracking.progress': async ({ seriesId }) => (await domain()).progress(seriesId),
    'tracking.progressMany': async ({ seriesIds }) => (await domain()).progressMany(seriesIds),
    'history.titles': async (query) => (await domain()).playTitles(query),
    'tracking.upNext': async ({ limit }) =>
      (await domain()).upNextInSlices(limit === undefined ? {} : { limit }),
    // Every write goes through the service: it records the change and announces it.
    'tracking.setFollow': async ({ seriesId, follow }) =>
      (await service()).setFollow(seriesId, follow),
    'tracking.setIncludeSpecials': async ({ seriesId, includeSpecials }) =>
      (await service()).setIncludeSpecials(seriesId, includeSpecials),
    'tracking.setHidden': async ({ seriesId, hidden }) =>
      (await service()).setHidden(seriesId, hidden),
    'tracking.snooze': async ({ seriesId, until }) => (await service()).snooze(seriesId, until),
    'tracking.calendar': async (window) => (await domain()).calendar(window),
    'tracking.exportIcs': async (window) => {
      const here = await service();
      const worker = (await use()).heavy;
      return worker ? worker.exportIcs(window) : here.exportIcs(window);
    },
    'tracking.inbox': async (query) => {
      const tracking = await domain();
      return { items: tracking.inbox(query), unread: tracking.unreadCount() };
    },
    'tracking.markRead': async ({ ids }) => (await service()).markRead(ids),
    'tracking.refresh': async ({ seriesId }) => (await service()).refresh(seriesId),
    'tracking.status': async () => (await service()).status(),
  };
}
