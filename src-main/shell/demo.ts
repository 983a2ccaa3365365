import { readTmdbConfig, type TmdbConfig } from '../core/config';

/** What the demo catalogue gives Marquee to talk to. */
export interface DemoCatalogue {
  apiBase: string;
  imageBase: string;
  accessToken: string;
  close(): Promise<void>;
}

export interface DemoCatalogueModule {
  startCatalogue: (options: { host: '127.0.0.1'; port: number }) => Promise<DemoCatalogue>;
}

export interface TmdbSetup {
  tmdb: TmdbConfig & { demo: boolean };
  /** Stops what the setup started (the demo catalogue); a no-op against TMDB. */
  stop(): Promise<void>;
}

/**
 * With a TMDB token or api key in the environment Marquee talks to TMDB. Without either it
 * starts its built-in demo catalogue on a random loopback port and says so (`demo: true`), so the
 * app is usable out of the box and never sends unauthenticated requests to TMDB.
 */
export async function resolveTmdbSetup(
  env: Record<string, string | undefined>,
  loadCatalogue: () => Promise<DemoCatalogueModule>,
): Promise<TmdbSetup> {
  const config = readTmdbConfig(env);
  if (config.accessToken !== undefined || config.apiKey !== undefined) {
    return { tmdb: { ...config, demo: false }, stop: () => Promise.resolve() };
  }
  const { startCatalogue } = await loadCatalogue();
  const catalogue = await startCatalogue({ host: '127.0.0.1', port: 0 });
  let stopped: Promise<void> | undefined;
  return {
    tmdb: {
      apiBase: catalogue.apiBase,
      imageBase: catalogue.imageBase,
      accessToken: catalogue.accessToken,
      apiKey: undefined,
      demo: true,
    },
    stop: () => (stopped ??= catalogue.close()),
  };
}
