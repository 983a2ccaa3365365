import { z } from 'zod';
import {
  MY_SERVICES_KEY,
  myServices,
  noServices,
  type MyServices,
  type ServicesState,
} from '../../src-shared/ipc/contract/services';
import type { ChangePath } from '../changes/change-path';
import type { Change } from '../changes/types';
import type { Preferences, PreferenceSet } from '../changes/preferences';
import type { Logger } from '../base/log';
import { refreshProviders, type ProviderRefreshDeps, type ProviderRunResult } from './refresh';
import type { ArrivalStore } from './store/arrivals';

export interface ServicesDeps extends Omit<ProviderRefreshDeps, 'mine' | 'onSettled' | 'log'> {
  preferences: Preferences;
  changes: Pick<ChangePath, 'onCommitted'>;
  store: ArrivalStore;
  /** The region of the operating system's locale (the shell passes Electron's). */
  suggestedRegion: () => string;
  online: () => boolean;
  emit: (state: ServicesState) => void;
  log: Logger;
}

export interface ServicesService {
  state(): ServicesState;
  set(services: MyServices): ServicesState;
  dismissSummary(): ServicesState;
  /** Looks up due titles' providers now (one run at a time; a call during a run asks for one more). */
  refresh(): Promise<ProviderRunResult | null>;
  idle(): Promise<void>;
  close(): void;
}

const summarySchema = z.object({ titles: z.number().int().min(0), region: z.string() });

/** The services, their region and whether free offers count, as one comparable text. */
export const signatureOf = (s: MyServices): string =>
  `${s.region}|${s.includeFree ? 'free' : 'paid'}|${s.providers
    .map((p) => p.id)
    .sort((a, b) => a - b)
    .join(',')}`;

/**
 * My streaming services and their arrivals. The choice is a preference (it follows the person to
 * their other computers); whenever it changes, here or there, the titles' current offers are
 * recorded silently for the new choice, and once they are, the summary says how many titles on the
 * watchlist stream on my services (said once).
 */
export function createServices(deps: ServicesDeps): ServicesService {
  const { preferences, store } = deps;
  const mine = (): { services: MyServices; chosen: boolean } => {
    const stored = preferences.get<MyServices | null>(MY_SERVICES_KEY, myServices, null);
    return stored === null
      ? { services: noServices(deps.suggestedRegion()), chosen: false }
      : { services: stored, chosen: true };
  };
  const state = (): ServicesState => {
    const { services, chosen } = mine();
    let summary: ServicesState['summary'] = null;
    const text = store.state('summary');
    if (text !== null) {
      const parsed = summarySchema.safeParse(JSON.parse(text));
      if (parsed.success && parsed.data.region === services.region)
        summary = { titles: parsed.data.titles, region: services.region };
    }
    return { services, chosen, suggestedRegion: deps.suggestedRegion(), summary };
  };
  const announce = (): void => {
    try {
      deps.emit(state());
    } catch (error) {
      deps.log.warn('services.announce_failed', { error });
    }
  };

  /** A new choice: its summary waits for the titles' offers to be recorded. */
  const chosenAgain = (): boolean => {
    const { services, chosen } = mine();
    if (!chosen) return false;
    const signature = signatureOf(services);
    if (store.state('signature') === signature) return false;
    store.transaction(() => {
      store.setState('signature', signature);
      store.setState('summary.pending', signature);
      store.setState('summary', null);
    });
    return true;
  };
  const settled = (): void => {
    const { services, chosen } = mine();
    const pending = store.state('summary.pending');
    if (!chosen || pending === null || pending !== signatureOf(services)) return;
    const titles = store.countOn(
      services.region,
      services.providers.map((p) => p.id),
      services.includeFree,
    );
    store.transaction(() => {
      store.setState('summary', JSON.stringify({ titles, region: services.region }));
      store.setState('summary.pending', null);
    });
    announce();
  };

  const abort = new AbortController();
  let running: Promise<ProviderRunResult | null> | undefined;
  let again = false;
  const refresh = (): Promise<ProviderRunResult | null> => {
    if (running) {
      again = true;
      return running;
    }
    if (!deps.online() || abort.signal.aborted) return Promise.resolve(null);
    const run = refreshProviders({ ...deps, mine, onSettled: settled }, abort.signal)
      .catch((error: unknown) => {
        deps.log.warn('services.refresh_failed', { error });
        return null;
      })
      .finally(() => {
        running = undefined;
        if (again && !abort.signal.aborted) {
          again = false;
          void refresh();
        }
      });
    running = run;
    return run;
  };

  const onChange = (change: Change): void => {
    if (change.kind !== 'preference.set') return;
    if ((change.data as PreferenceSet).key !== MY_SERVICES_KEY) return;
    chosenAgain();
    announce();
    void refresh();
  };
  const unsubscribe = deps.changes.onCommitted(onChange);
  // A choice merged while Marquee was closed is caught up on (the first refresh records it).
  chosenAgain();

  return {
    state,
    set(services) {
      preferences.set(MY_SERVICES_KEY, myServices.parse(services));
      return state();
    },
    dismissSummary() {
      store.setState('summary', null);
      announce();
      return state();
    },
    refresh,
    idle: async () => {
      while (running) await running;
    },
    close() {
      unsubscribe();
      abort.abort(new Error('services stopped'));
    },
  };
}
