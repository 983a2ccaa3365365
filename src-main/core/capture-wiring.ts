import type { EventBus } from '../base/events';
import type { Logger } from '../base/log';
import type { Timers } from '../base/timers';
import type { Read } from '../cache/reads';
import { createCaptureService, type CaptureService } from '../capture/capture-service';
import type { Found } from '../capture/discover';
import type { WebhookListener, WebhookListenerFactory } from '../capture/listener-port';
import { createResolver, type FindById } from '../capture/resolve';
import { createCaptureStore } from '../capture/store';
import type { ConnectorFactory, ServerKind } from '../capture/types';
import type { ChangePath } from '../changes/change-path';
import { memoryStore, type CredentialStore } from '../credentials';
import type { Databases } from '../db/databases';
import type { TrackingService } from '../tracking/tracking-service';

/** What the shell passes for play capture: each server kind's client and the webhook listener. */
export interface CaptureWiring {
  /** The clients of `src-main/capture/clients/`, by server kind. */
  connectors?: Partial<Record<ServerKind, ConnectorFactory>>;
  /** `createWebhookListener` of `src-main/capture/webhooks/listener.ts`. */
  createListener?: WebhookListenerFactory;
  /** Probes this computer for servers; tests and benchmarks pass a fake. */
  discover?: () => Promise<Found[]>;
}

/** What the graph's own deps give play capture. */
export interface CaptureGraphDeps {
  credentials?: CredentialStore | undefined;
  demo?: boolean | undefined;
  capture?: CaptureWiring | undefined;
  events: EventBus;
  fetch: typeof fetch;
  clock: () => number;
  sleep: (ms: number) => Promise<void>;
  timers: Timers;
  log: Logger;
}

/** The parts of the graph play capture stands on. */
export interface CaptureParts {
  db: NonNullable<Databases['library']>;
  changes: ChangePath;
  tracking: TrackingService;
  read: Read;
  timeZone: () => string;
  online: () => boolean;
}

/** TMDB's find by an external id, through the cache as the import's matcher reads it. */
export const findThrough =
  (read: Read): FindById =>
  async (source, externalId) => {
    const { data } = await read('GET /3/find/{external_id}', {
      params: { external_id: externalId },
      query: { external_source: source },
    });
    return {
      movies: data.movie_results.map((m) => m.id),
      episodes: data.tv_episode_results.map((e) => ({
        showId: e.show_id,
        season: e.season_number,
        episode: e.episode_number,
      })),
      series: data.tv_results.map((s) => s.id),
    };
  };

/**
 * The capture service over the library, with the webhook listener (when the shell passes one)
 * started and stopped with it. Captured plays go through the tracking service and its change path.
 */
export function buildCapture(deps: CaptureGraphDeps, parts: CaptureParts): CaptureService {
  const { clock, log, events } = deps;
  const store = createCaptureStore(parts.db);
  let listener: WebhookListener | null = null;
  const service = createCaptureService({
    store,
    tracking: parts.tracking,
    changes: parts.changes,
    resolver: createResolver({
      find: findThrough(parts.read),
      ids: store.ids,
      clock,
      turn: () => parts.changes.turn(),
    }),
    credentials:
      deps.credentials ??
      memoryStore('No keychain was given to this Marquee instance; secrets last until it quits.'),
    connectors: deps.capture?.connectors ?? {},
    connectorDeps: { fetch: deps.fetch, clock, sleep: deps.sleep },
    clock,
    timeZone: parts.timeZone,
    online: parts.online,
    timers: deps.timers,
    demo: deps.demo ?? false,
    webhookBase: (listen) => listener?.base(listen) ?? null,
    ...(deps.capture?.discover ? { discover: deps.capture.discover } : {}),
    log,
    emit: {
      changed: (serverIds) => {
        // The listener answers each server by its secret: it reads them again first.
        void (listener?.refresh?.() ?? Promise.resolve())
          .catch((error: unknown) => {
            log.warn('capture.listener_refresh_failed', { error });
          })
          .finally(() => {
            events.emit('capture.changed', { serverIds });
          });
      },
      backfill: (progress) => {
        events.emit('capture.backfill', progress);
      },
    },
  });
  const createListener = deps.capture?.createListener;
  return {
    ...service,
    async start() {
      if (createListener) {
        listener = createListener({ sink: service, servers: () => service.configs(), clock, log });
        await listener.start().catch((error: unknown) => {
          log.warn('capture.listener_failed', { error });
        });
      }
      await service.start();
    },
    async close() {
      await listener?.close();
      await service.close();
    },
  };
}
