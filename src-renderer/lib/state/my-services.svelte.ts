import type { MarqueeApi } from '../../../src-shared/ipc/api';
import type {
  CatalogueProvider,
  MyServices,
  ServiceRef,
  ServicesCatalogue,
  ServicesState,
} from '../../../src-shared/ipc/contract';
import type { IpcError } from '../../../src-shared/ipc/errors';
import { call } from '../api';

/** Folds case and accents, so "disney" finds "Disney+" and "Canal" finds "Canal+". */
const fold = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** The providers whose name has every word of `query` (in any order); all of them without one. */
export function searchProviders<T extends { name: string }>(
  providers: readonly T[],
  query: string,
): T[] {
  const words = fold(query).split(' ').filter(Boolean);
  if (words.length === 0) return [...providers];
  return providers.filter((p) => {
    const name = fold(p.name);
    return words.every((w) => name.includes(w));
  });
}

/** "12 titles on your watchlist are on your services", said once after a choice. */
export function summarySentence(titles: number): string {
  if (titles === 0) return 'None of the titles on your watchlist are on your services yet.';
  if (titles === 1) return '1 title on your watchlist is on your services.';
  return `${titles.toLocaleString('en-GB')} titles on your watchlist are on your services.`;
}

/** My choice with `provider` added (at the end) or taken out. */
export function toggled(services: MyServices, provider: ServiceRef): MyServices {
  const on = services.providers.some((p) => p.id === provider.id);
  return {
    ...services,
    providers: on
      ? services.providers.filter((p) => p.id !== provider.id)
      : [
          ...services.providers,
          { id: provider.id, name: provider.name, logoPath: provider.logoPath },
        ],
  };
}

/**
 * My streaming services for Settings: the choice as the core last told it (followed through
 * `services.changed`, so a choice made on another computer shows here), and the providers of the
 * region to choose from.
 */
export class MyServicesState {
  #state = $state.raw<ServicesState | null>(null);
  #error = $state.raw<IpcError | null>(null);
  #catalogue = $state.raw<ServicesCatalogue | null>(null);
  #catalogueError = $state.raw<IpcError | null>(null);
  #loadingCatalogue = $state(false);
  #saving = $state(false);

  get state(): ServicesState | null {
    return this.#state;
  }
  get error(): IpcError | null {
    return this.#error;
  }
  get catalogue(): ServicesCatalogue | null {
    return this.#catalogue;
  }
  get catalogueError(): IpcError | null {
    return this.#catalogueError;
  }
  get loadingCatalogue(): boolean {
    return this.#loadingCatalogue;
  }
  get saving(): boolean {
    return this.#saving;
  }
  /** Chosen providers TMDB no longer lists in the region (kept, and said so). */
  get unlisted(): ServiceRef[] {
    const catalogue = this.#catalogue;
    if (!catalogue) return [];
    return (this.#state?.services.providers ?? []).filter(
      (p) => !catalogue.providers.some((listed) => listed.id === p.id),
    );
  }

  /** Reads the state and follows `services.changed`; returns the function that stops. */
  start(bridge: MarqueeApi): () => void {
    const stop = bridge.on('services.changed', (state) => {
      const region = this.#state?.services.region;
      this.#state = state;
      this.#error = null;
      if (state.services.region !== region) void this.loadCatalogue();
    });
    void this.load();
    return stop;
  }

  async load(): Promise<void> {
    const reply = await call('services.get');
    if (reply.ok) {
      this.#state = reply.value;
      this.#error = null;
      await this.loadCatalogue();
    } else this.#error = reply.error;
  }

  async loadCatalogue(): Promise<void> {
    const region = this.#state?.services.region;
    if (!region) return;
    this.#loadingCatalogue = true;
    const reply = await call('services.catalogue', { region });
    this.#loadingCatalogue = false;
    // An answer for a region no longer chosen is dropped.
    if (region !== this.#state?.services.region) return;
    if (reply.ok) {
      this.#catalogue = reply.value;
      this.#catalogueError = null;
    } else this.#catalogueError = reply.error;
  }

  /** Saves a new choice; resolves with the failure, or null. */
  async save(services: MyServices): Promise<IpcError | null> {
    const regionChanged = services.region !== this.#state?.services.region;
    this.#saving = true;
    const reply = await call('services.set', services);
    this.#saving = false;
    if (!reply.ok) return reply.error;
    this.#state = reply.value;
    if (regionChanged) await this.loadCatalogue();
    return null;
  }

  toggle(provider: CatalogueProvider | ServiceRef): Promise<IpcError | null> {
    const state = this.#state;
    if (!state) return Promise.resolve(null);
    return this.save(toggled(state.services, provider));
  }

  async dismissSummary(): Promise<void> {
    const reply = await call('services.dismissSummary');
    if (reply.ok) this.#state = reply.value;
  }
}

export const myServices = new MyServicesState();
