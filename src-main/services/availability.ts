import {
  MY_SERVICES_KEY,
  myServices,
  noServices,
  type MyServices,
  type ServiceRef,
} from '../../src-shared/ipc/contract/services';
import type { PreferenceStore } from '../changes/store/preferences';
import type { AvailabilityStore, TitleKey } from './store/availability';

export interface TitleAvailability extends TitleKey {
  /** false: no provider data is cached for this title yet. */
  known: boolean;
  /** My services that stream it now in my region, in my order; [] when none. */
  services: ServiceRef[];
  /**
   * When only a filtered discover page said so: it streams on one of these of my services (which
   * one is not known), in my order. Absent otherwise.
   */
  oneOf?: ServiceRef[];
}

export interface AvailabilityAnswer {
  region: string;
  items: TitleAvailability[];
}

export interface AvailabilityService {
  /** For each title, in the order asked, which of my services stream it now. */
  availability(items: readonly TitleKey[]): AvailabilityAnswer;
  /** My services as they stand now. */
  mine(): MyServices;
}

/**
 * Where titles stream for me: the availability index (fed by every watch-provider response the
 * cache stores, and by discover pages asked for titles on some providers) read against my services. A subscription counts; free and with-ads offers count
 * too when I chose so. Offline and local: nothing here calls TMDB.
 */
export function createAvailability(deps: {
  store: AvailabilityStore;
  myServices: () => MyServices;
}): AvailabilityService {
  return {
    mine: () => deps.myServices(),
    availability(items) {
      const mine = deps.myServices();
      const offers = mine.includeFree ? ['flatrate', 'free', 'ads'] : ['flatrate'];
      const found = deps.store.lookup(
        items,
        mine.region,
        mine.providers.map((p) => p.id),
        offers,
      );
      return {
        region: mine.region,
        items: items.map(({ mediaType, id }, i): TitleAvailability => {
          const streams = found[i] ?? null;
          const services =
            streams === null || streams.on.length === 0
              ? []
              : mine.providers.filter((p) => streams.on.includes(p.id));
          const oneOf =
            streams === null || streams.oneOf.length === 0
              ? []
              : mine.providers.filter((p) => streams.oneOf.includes(p.id));
          return {
            mediaType,
            id,
            known: streams !== null,
            services,
            ...(oneOf.length > 0 ? { oneOf } : {}),
          };
        }),
      };
    },
  };
}

/**
 * My services as the preference holds them, read afresh on every call (a change made on another
 * computer applies at once); before the first choice, or when the value no longer reads, none.
 */
export function readMyServices(
  store: Pick<PreferenceStore, 'get'> | null,
  region: () => string,
): () => MyServices {
  return () => {
    const text = store?.get(MY_SERVICES_KEY) ?? null;
    if (text !== null) {
      try {
        const parsed = myServices.safeParse(JSON.parse(text));
        if (parsed.success) return parsed.data;
      } catch {
        // Not JSON: as if never chosen.
      }
    }
    return noServices(/^[A-Z]{2}$/.test(region()) ? region() : 'US');
  };
}
