import type { MyServices } from '../../src-shared/ipc/contract/services';
import type { TitleWatchProviders } from '../../src-shared/tmdb/schemas/watchProviders';
import { errorCode } from '../base/errors';
import type { Logger } from '../base/log';
import type { NewInboxItem } from '../tracking/store/inbox';
import type { InboxItem } from '../tracking/types';
import { arrivalItem, countsFor, offersIn, recordOffers } from './arrivals';
import { providersDue } from './policy';
import type { ArrivalStore, MediaType, WatchedTitle } from './store/arrivals';

/** One title's watch providers from TMDB (every region), or `gone` when TMDB no longer has it. */
export type ProviderSource = (
  mediaType: MediaType,
  mediaId: number,
  signal: AbortSignal,
) => Promise<TitleWatchProviders | 'gone'>;

export interface ProviderRefreshDeps {
  store: ArrivalStore;
  source: ProviderSource;
  clock: () => number;
  /** Today in the person's time zone, `YYYY-MM-DD`. */
  today: () => string;
  /** My services, and whether they were ever chosen (nothing is looked up before). */
  mine: () => { services: MyServices; chosen: boolean };
  /** Adds inbox items whose key is new; returns those added. */
  addInbox: (items: readonly NewInboxItem[], now: number) => InboxItem[];
  /** New arrivals after a run (the inbox and the system's notifications hear them). */
  onArrivals: (items: InboxItem[]) => void;
  /** Every title was looked up in the region: the once-only summary may be worked out. */
  onSettled: () => void;
  log: Pick<Logger, 'warn' | 'info'>;
  /** Lookups in flight at once; the TMDB client's limiter paces them. */
  concurrency?: number;
}

export interface ProviderRunResult {
  outcome: 'done' | 'stopped' | 'idle';
  due: number;
  checked: number;
  failed: number;
  requests: number;
  arrivals: number;
}

const isNetwork = (error: unknown, signal: AbortSignal): boolean => {
  const code = errorCode(error);
  return code === 'offline' || code === 'timeout' || signal.aborted;
};

/**
 * Looks up the watch providers of every watched-for title that is due (policy.ts), one request
 * each, a few at a time inside the client's rate limit, and records what streams each in my region.
 * A title newly on one of my services becomes one inbox item. A network failure stops the run (the
 * next tick goes on); one title's failure is recorded on it and never stops the others.
 */
export async function refreshProviders(
  deps: ProviderRefreshDeps,
  signal: AbortSignal,
): Promise<ProviderRunResult> {
  const { store, clock } = deps;
  const { services, chosen } = deps.mine();
  const result: ProviderRunResult = {
    outcome: 'idle',
    due: 0,
    checked: 0,
    failed: 0,
    requests: 0,
    arrivals: 0,
  };
  if (!chosen || services.providers.length === 0) return result;
  const { region } = services;
  const now = clock();
  const today = deps.today();
  const due = store
    .watched()
    .filter((t) => providersDue(t, region, now, today))
    // Never looked up first: until they are, the summary of a first choice waits.
    .sort((a, b) => Number(a.region === region) - Number(b.region === region));
  result.due = due.length;
  result.outcome = 'done';
  const mine = new Map(services.providers.map((p) => [p.id, p]));
  const counts = countsFor(services);
  const added: InboxItem[] = [];
  let next = 0;
  const run = { stopped: false };
  const one = async (title: WatchedTitle): Promise<void> => {
    result.requests += 1;
    let body: TitleWatchProviders | 'gone';
    try {
      body = await deps.source(title.mediaType, title.mediaId, signal);
    } catch (error) {
      if (isNetwork(error, signal)) {
        run.stopped = true;
        return;
      }
      result.failed += 1;
      const message = error instanceof Error ? error.message : String(error);
      deps.log.warn('services.lookup_failed', { mediaType: title.mediaType, id: title.mediaId });
      store.failed(title.mediaType, title.mediaId, message.slice(0, 300), clock());
      return;
    }
    const at = clock();
    const offers = body === 'gone' ? [] : offersIn(body, region);
    store.transaction(() => {
      const arrived = recordOffers(
        store,
        {
          mediaType: title.mediaType,
          mediaId: title.mediaId,
          previousRegion: title.region,
          region,
          offers,
          now: at,
        },
        counts,
      ).filter((id) => mine.has(id));
      const items = arrived.map((providerId) =>
        arrivalItem({
          mediaType: title.mediaType,
          mediaId: title.mediaId,
          title: title.title,
          region,
          providerId,
          providerName: mine.get(providerId)?.name ?? `Provider ${providerId}`,
          free: !offers.some((o) => o.providerId === providerId && o.offer === 'flatrate'),
          today,
        }),
      );
      if (items.length > 0) added.push(...deps.addInbox(items, at));
    });
    result.checked += 1;
  };
  const worker = async (): Promise<void> => {
    while (!run.stopped && !signal.aborted && next < due.length) {
      const title = due[next++];
      if (title) await one(title);
    }
  };
  const workers = Math.max(1, Math.min(deps.concurrency ?? 8, due.length));
  await Promise.all(Array.from({ length: workers }, worker));
  if (run.stopped || signal.aborted) result.outcome = 'stopped';
  result.arrivals = added.length;
  if (added.length > 0) deps.onArrivals(added);
  if (result.outcome === 'done') deps.onSettled();
  if (result.due > 0) deps.log.info('services.refreshed', { ...result });
  return result;
}
