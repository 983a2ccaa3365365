import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { Catalogue as CatalogueData } from './data/catalogue';
import { CatalogueState } from './state';
import { FaultInjector, type FaultPlan } from './faults';
import { handlers } from './handlers';
import { buildRoutes } from './router';
import { createRequestHandler } from './dispatch';
import { ImageHost } from './images';
import { Clock } from './data/clock';
import { demoHistoryOf, type DemoHistory } from './data/demo-history';
import { buildSamples, type SampleExport } from './samples';

export type { FaultPlan } from './faults';

export interface CatalogueOptions {
  port?: number;
  host?: '127.0.0.1';
  /** Number of titles (films and series together). Default 3,000. */
  titles?: number;
  seed?: number;
  faults?: FaultPlan;
  /** The application token clients must present; random by default. */
  accessToken?: string;
  /**
   * The base clock (Date.now by default). The server's `clock` runs on it, and its day at start-up
   * anchors every air and release date: the same seed and day give the same catalogue.
   */
  now?: () => number;
  /**
   * Real-world messy data (data/messy.ts): null names, 10,000-character texts, duplicate names,
   * ids that answer 404. On unless `false`, so the demo shows it; tests of clean data pass false.
   */
  messy?: boolean;
  /**
   * Start the demo account with a library (data/demo-picks.ts): series airing this week, films
   * released soon, one list. Follows `messy` unless given, so `messy: false` alone gives the
   * empty account tests expect.
   */
  demoLibrary?: boolean;
  /**
   * Generate the demo account's watch history (data/demo-history.ts): `demoHistory` holds its
   * plays for Marquee to seed, and the account rates some of the watched titles. Off by default.
   */
  demoHistory?: boolean;
}

export interface Catalogue {
  /** e.g. `http://127.0.0.1:PORT` (no `/3`). */
  readonly apiBase: string;
  /** e.g. `http://127.0.0.1:PORT/t/p`; an image URL is imageBase + `/w500` + file_path. */
  readonly imageBase: string;
  readonly accessToken: string;
  /** The one clock of the server: `clock.advance(ms)` or `clock.set(ms)` moves time for everything. */
  readonly clock: Clock;
  readonly demoUser: string;
  readonly demoPassword: string;
  readonly state: CatalogueState;
  readonly data: CatalogueData;
  readonly faults: FaultInjector;
  /** Requests that reached the server, by path (without query), before any fault was applied. */
  readonly requests: RequestCounter;
  /** The generated watch history when `demoHistory` is on, else null. */
  readonly demoHistory: DemoHistory | null;
  /**
   * Sample exports (Letterboxd zip, IMDb CSV, Trakt zip) made from this catalogue's titles, for
   * trying imports in demo mode; generated on first call.
   */
  samples(): SampleExport[];
  close(): Promise<void>;
}

/** Counts requests per path, so tests can tell how many calls reached the server. */
export class RequestCounter {
  private readonly counts = new Map<string, number>();
  total = 0;

  record(path: string): void {
    this.total += 1;
    this.counts.set(path, (this.counts.get(path) ?? 0) + 1);
  }

  count(path: string | RegExp): number {
    if (typeof path === 'string') return this.counts.get(path) ?? 0;
    let sum = 0;
    for (const [key, value] of this.counts) if (path.test(key)) sum += value;
    return sum;
  }

  snapshot(): Record<string, number> {
    return Object.fromEntries(this.counts);
  }

  reset(): void {
    this.counts.clear();
    this.total = 0;
  }
}

const DEMO_USER = 'marquee-demo';
const DEMO_PASSWORD = 'popcorn-2024';

/** Starts the local TMDB stand-in on 127.0.0.1. */
export async function startCatalogue(options: CatalogueOptions = {}): Promise<Catalogue> {
  const host = options.host ?? '127.0.0.1';
  const clock = new Clock(options.now);
  const now = (): number => clock.now();
  const messy = options.messy ?? true;
  const accessToken = options.accessToken ?? `mq_${randomBytes(24).toString('hex')}`;
  const state = new CatalogueState({ username: DEMO_USER, password: DEMO_PASSWORD }, now);
  const faults = new FaultInjector(options.faults, options.seed ?? 1);
  const requests = new RequestCounter();
  const routes = buildRoutes(handlers);
  const sockets = new Set<import('node:net').Socket>();

  // The port is known only after listen(); the data needs the image host's URL, so it is built after.
  const server = createServer();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const apiBase = `http://${host}:${port}`;
  const imageBase = `${apiBase}/t/p`;
  let data: CatalogueData;
  try {
    data = new CatalogueData({
      titles: options.titles ?? 3000,
      seed: options.seed ?? 1,
      imageBase,
      clock,
      messy,
    });
  } catch (error) {
    // Bad options must not leave a listening port behind.
    await new Promise<void>((resolve) =>
      server.close(() => {
        resolve();
      }),
    );
    throw error;
  }
  const images = new ImageHost(data);
  if (options.demoLibrary ?? messy) state.fillDemoLibrary(data.picks.library);
  const demoHistory = options.demoHistory === true ? demoHistoryOf(data) : null;
  if (demoHistory) state.fillDemoRatings(demoHistory.ratings);

  const handle: (req: IncomingMessage, res: ServerResponse) => void = createRequestHandler({
    routes,
    data,
    state,
    faults,
    requests,
    images,
    accessToken,
    apiBase,
    now,
  });
  server.on('request', handle);
  let samples: SampleExport[] | undefined;

  return {
    apiBase,
    imageBase,
    accessToken,
    clock,
    demoUser: DEMO_USER,
    demoPassword: DEMO_PASSWORD,
    state,
    data,
    faults,
    requests,
    demoHistory,
    samples: () => (samples ??= buildSamples(data)),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
        for (const socket of sockets) socket.destroy();
      }),
  };
}
