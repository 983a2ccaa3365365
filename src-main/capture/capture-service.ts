import type {
  CapturedPlayView,
  MediaServerView,
  ReviewItemView,
} from '../../src-shared/ipc/contract/capture';
import { CodedError } from '../../src-shared/ipc/errors';
import type { Logger } from '../base/log';
import type { Timers } from '../base/timers';
import type { ChangePath } from '../changes/change-path';
import type { CredentialStore } from '../credentials';
import type { TrackingService } from '../tracking/tracking-service';
import { runBackfill } from './backfill';
import type { BackfillProgressView } from './capture-types';
import { discoverServers, type Found } from './discover';
import { createPoller } from './poll';
import { createReceiver, recordPlay, type ReceivingServer } from './receive';
import type { Resolver } from './resolve';
import { createServers, type ServerAuth } from './servers';
import { SIMULATED_SERVER, simulatedEvent, type SimulatedPlay } from './simulated';
import type { CaptureStore } from './store';
import type {
  CaptureSink,
  Connector,
  ConnectorDeps,
  ConnectorFactory,
  ServerConfig,
  ServerKind,
} from './types';

export interface CaptureServiceDeps {
  store: CaptureStore;
  tracking: TrackingService;
  changes: ChangePath;
  resolver: Resolver;
  credentials: CredentialStore;
  /** Each kind of server's client (Jellyfin REST, Plex, Kodi JSON-RPC), as the wiring passes them. */
  connectors: Partial<Record<ServerKind, ConnectorFactory>>;
  connectorDeps: ConnectorDeps;
  clock: () => number;
  timeZone: () => string;
  online: () => boolean;
  /** Reads the servers followed by reading them (Jellyfin without webhooks) again every interval. */
  timers?: Timers | undefined;
  /** Marquee runs on the demo catalogue: the simulated server may play a demo title. */
  demo: boolean;
  /** The webhook listener's address for a `listen` setting; null when none runs. */
  webhookBase?: (listen: 'local' | 'network') => string | null;
  /** Probes 127.0.0.1 for servers; tests pass a fake. */
  discover?: () => Promise<Found[]>;
  log: Logger;
  emit: {
    changed(serverIds: string[]): void;
    backfill(progress: BackfillProgressView): void;
  };
}

/** Play capture from media servers, as the IPC handlers, the listener and the clients reach it. */
export interface CaptureService extends CaptureSink {
  servers(): Promise<MediaServerView[]>;
  /** Every server's settings and webhook secret, for the webhook listener (never the renderer). */
  configs(): Promise<ServerConfig[]>;
  discover(): Promise<Found[]>;
  addServer(input: {
    kind: ServerKind;
    url: string | null;
    name?: string | undefined;
    auth: ServerAuth;
  }): Promise<MediaServerView>;
  testServer(serverId: string): Promise<MediaServerView>;
  updateServer(
    serverId: string,
    patch: {
      name?: string | undefined;
      chosenAccounts?: string[] | undefined;
      thresholdPercent?: number | undefined;
      listen?: 'local' | 'network' | undefined;
    },
  ): Promise<MediaServerView>;
  removeServer(serverId: string): Promise<void>;
  /** Starts reading a server's played items; replies at once, progress follows as events. */
  backfill(serverId: string): Promise<BackfillProgressView>;
  /** Stops a running backfill (the plays read so far stay); false when none was running. */
  cancelBackfill(serverId: string): boolean;
  captured(limit: number, offset: number): { plays: CapturedPlayView[]; total: number };
  review(): ReviewItemView[];
  resolve(
    reviewId: number,
    choice: { mediaType: 'movie' | 'tv'; id: number } | { skip: true },
  ): ReviewItemView[];
  /** Undoes a captured play, as `tracking.unmark` of that one play does. */
  undo(playUid: string): void;
  simulatePlay(play: SimulatedPlay): Promise<void>;
  /** Starts the connectors that follow plays themselves (Kodi, Plex without webhooks). */
  start(): Promise<void>;
  idle(): Promise<void>;
  close(): Promise<void>;
}

export function createCaptureService(deps: CaptureServiceDeps): CaptureService {
  const { store } = deps;
  const servers = createServers({
    store: store.servers,
    credentials: deps.credentials,
    connectors: deps.connectors,
    connectorDeps: deps.connectorDeps,
    clock: deps.clock,
    webhookBase: deps.webhookBase ?? (() => null),
  });
  const running = new Map<string, Connector>();
  const backfills = new Map<string, { controller: AbortController; done: Promise<unknown> }>();

  const receivingServer = (id: string): ReceivingServer | null => {
    if (deps.demo && id === SIMULATED_SERVER.id) return SIMULATED_SERVER;
    const row = store.servers.get(id);
    return row
      ? {
          id: row.id,
          kind: row.kind,
          name: row.name,
          thresholdPercent: row.thresholdPercent,
          chosenAccounts: row.chosenAccounts,
          accounts: row.accounts,
          aliases: store.servers.aliases(row.id),
        }
      : null;
  };
  const receive = createReceiver({
    ...deps,
    server: receivingServer,
    changed: (ids) => {
      deps.emit.changed(ids);
    },
  });
  const sink: CaptureSink = { receive };
  const poller = createPoller({ store, receive, timers: deps.timers, log: deps.log });

  async function startConnector(id: string): Promise<void> {
    await stopConnector(id);
    const connector = await servers.connector(id);
    if (!connector) return;
    if (connector.start) {
      connector.start(sink);
      running.set(id, connector);
    }
    poller.follow(id, connector);
  }
  async function stopConnector(id: string): Promise<void> {
    const connector = running.get(id);
    running.delete(id);
    await poller.stop(id);
    await connector?.stop?.().catch((error: unknown) => {
      deps.log.warn('capture.stop_failed', { error });
    });
  }

  function cancelBackfill(id: string): boolean {
    const job = backfills.get(id);
    if (!job || job.controller.signal.aborted) return false;
    job.controller.abort();
    return true;
  }
  const reviewList = (): ReviewItemView[] =>
    store.review.list().map((r) => ({
      id: r.id,
      server: r.serverKind,
      serverName: r.serverName,
      mediaType: r.mediaType,
      title: r.title,
      year: r.year,
      season: r.season,
      episode: r.episode,
      watchedAt: r.watchedAt,
      reason: r.reason,
    }));

  const changed = (view: MediaServerView): MediaServerView => {
    deps.emit.changed([view.id]);
    return view;
  };

  return {
    receive,
    servers: () => servers.list(),
    configs: () => servers.configs(),
    discover: () =>
      deps.discover ? deps.discover() : discoverServers({ fetch: deps.connectorDeps.fetch }),
    async addServer(input) {
      const view = await servers.add(input);
      await startConnector(view.id);
      return changed(view);
    },
    testServer: async (id) => changed(await servers.test(id)),
    async updateServer(id, patch) {
      const clean: Parameters<typeof servers.update>[1] = {};
      if (patch.name !== undefined) clean.name = patch.name;
      if (patch.chosenAccounts !== undefined) clean.chosenAccounts = patch.chosenAccounts;
      if (patch.thresholdPercent !== undefined) clean.thresholdPercent = patch.thresholdPercent;
      if (patch.listen !== undefined) clean.listen = patch.listen;
      const view = await servers.update(id, clean);
      if (clean.chosenAccounts !== undefined || clean.thresholdPercent !== undefined)
        await startConnector(id);
      return changed(view);
    },
    async removeServer(id) {
      cancelBackfill(id);
      await stopConnector(id);
      await servers.remove(id);
      deps.emit.changed([id]);
    },
    async backfill(id) {
      const row = servers.row(id);
      if (backfills.has(id)) throw new CodedError('conflict', 'This server is already being read.');
      const connector = await servers.connector(id);
      if (!connector?.backfill)
        throw new CodedError('unsupported', 'This server cannot be read for past plays.');
      const server = receivingServer(row.id);
      if (!server) throw new CodedError('not_found', 'That media server is not configured.');
      if (server.chosenAccounts.length === 0)
        throw new CodedError('invalid_input', 'Choose the accounts whose plays count first.');
      const controller = new AbortController();
      let first: BackfillProgressView | undefined;
      const job = runBackfill(
        {
          ...deps,
          emit: (progress) => {
            first ??= progress;
            deps.emit.backfill(progress);
          },
          changed: (ids) => {
            deps.emit.changed(ids);
          },
        },
        server,
        connector,
        controller.signal,
      );
      const done = job.catch(() => undefined).finally(() => backfills.delete(id));
      backfills.set(id, { controller, done });
      return (
        first ?? {
          serverId: id,
          running: true,
          done: 0,
          total: 0,
          added: 0,
          review: 0,
          failed: 0,
          message: null,
        }
      );
    },
    cancelBackfill,
    captured(limit, offset) {
      const { rows, total } = store.links.list(limit, offset);
      // The account as the server names it (alice), not its id, while the server is configured.
      const names = new Map(
        store.servers
          .list()
          .flatMap((s) => s.accounts.map((a) => [`${s.id}\u0000${a.id}`, a.name] as const)),
      );
      return {
        total,
        plays: rows.map((r) => ({
          playUid: r.playUid,
          server: r.serverKind,
          serverName: r.serverName,
          account: names.get(`${r.serverId}\u0000${r.account}`) ?? r.account,
          mediaType: r.mediaType,
          mediaId: r.mediaId,
          season: r.season,
          episode: r.episode,
          // TMDB's names once Marquee keeps them; the server's own until then.
          title: (r.mediaType === 'episode' ? r.seriesName : null) ?? r.title,
          episodeTitle: r.episodeName,
          watchedAt: r.watchedAt,
          capturedAt: r.capturedAt,
        })),
      };
    },
    review: () => reviewList(),
    resolve(reviewId, choice) {
      const item = store.review.get(reviewId);
      if (!item) throw new CodedError('not_found', 'That viewing is no longer waiting.');
      if ('skip' in choice) {
        store.review.remove(reviewId);
      } else {
        if ((choice.mediaType === 'movie') !== (item.mediaType === 'movie'))
          throw new CodedError(
            'invalid_input',
            `Choose a ${item.mediaType === 'movie' ? 'film' : 'series'}.`,
          );
        if (item.mediaType === 'episode' && (item.season === null || item.episode === null))
          throw new CodedError('invalid_input', 'The server did not say which episode it was.');
        const server: ReceivingServer = {
          id: item.serverId,
          kind: item.serverKind,
          name: item.serverName,
          thresholdPercent: 0,
          chosenAccounts: [],
        };
        recordPlay(
          deps,
          { server, account: item.account, itemKey: item.itemKey, title: item.title },
          {
            mediaType: item.mediaType,
            mediaId: choice.id,
            season: item.season,
            episode: item.episode,
          },
          item.watchedAt === null ? { kind: 'unknown' } : { kind: 'at', at: item.watchedAt },
          () => {
            store.review.remove(reviewId);
          },
        );
      }
      deps.emit.changed([item.serverId]);
      return reviewList();
    },
    undo(playUid) {
      deps.tracking.unmark({ scope: 'play', uid: playUid }, {});
      deps.emit.changed([]);
    },
    async simulatePlay(play) {
      if (!deps.demo)
        throw new CodedError('unsupported', 'Simulated plays exist only in the demo.');
      await receive(simulatedEvent(play, deps.clock()));
    },
    async start() {
      for (const row of store.servers.list()) {
        await startConnector(row.id).catch((error: unknown) => {
          deps.log.warn('capture.start_failed', { server: row.kind, error });
        });
      }
    },
    idle: async () => {
      await Promise.all([...backfills.values()].map((b) => b.done));
      await poller.idle();
    },
    async close() {
      for (const { controller } of backfills.values()) controller.abort();
      await Promise.all([...running.keys()].map(stopConnector));
      await poller.close();
    },
  };
}
