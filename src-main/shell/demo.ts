import { readTmdbConfig, type TmdbConfig } from '../core/config';
import { sampleSource, type SampleFile } from '../import/samples';
import type { ImportSampleSource } from '../import/service-types';
import type { Play } from '../tracking/types';

/** What the demo catalogue gives Marquee to talk to. */
export interface DemoCatalogue {
  apiBase: string;
  imageBase: string;
  accessToken: string;
  /** The demo account's generated watch history, when the catalogue made one. */
  demoHistory?: { plays: readonly Play[] } | null;
  /** Sample exports (Letterboxd, IMDb, Trakt) for trying imports in demo mode. */
  samples?: () => readonly SampleFile[];
  close(): Promise<void>;
}

export interface DemoCatalogueModule {
  startCatalogue: (options: {
    host: '127.0.0.1';
    port: number;
    demoHistory: true;
  }) => Promise<DemoCatalogue>;
}

export interface TmdbSetup {
  tmdb: TmdbConfig & { demo: boolean };
  /** Demo mode: the history to seed into a library that has none (empty against TMDB). */
  demoHistory: readonly Play[];
  /** Demo mode: the catalogue's sample exports for the import view (none against TMDB). */
  importSamples: ImportSampleSource | null;
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
    return {
      tmdb: { ...config, demo: false },
      demoHistory: [],
      importSamples: null,
      stop: () => Promise.resolve(),
    };
  }
  const { startCatalogue } = await loadCatalogue();
  const catalogue = await startCatalogue({ host: '127.0.0.1', port: 0, demoHistory: true });
  let stopped: Promise<void> | undefined;
  return {
    tmdb: {
      apiBase: catalogue.apiBase,
      imageBase: catalogue.imageBase,
      accessToken: catalogue.accessToken,
      apiKey: undefined,
      demo: true,
    },
    demoHistory: catalogue.demoHistory?.plays ?? [],
    importSamples: catalogue.samples ? sampleSource(catalogue.samples.bind(catalogue)) : null,
    stop: () => (stopped ??= catalogue.close()),
  };
}
