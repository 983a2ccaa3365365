import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { serverAuth } from '../../src-shared/ipc/contract/capture';
import type { MediaServerView } from '../../src-shared/ipc/contract/capture';
import { CodedError } from '../../src-shared/ipc/errors';
import { redactAndCut } from '../../src-shared/redact';
import type { CredentialStore, ServerCredentialName } from '../credentials';
import { DEFAULT_THRESHOLD_PERCENT } from './count';
import type { ServerRow, ServerStore } from './store';
import type {
  Connector,
  ConnectorDeps,
  ConnectorFactory,
  ServerConfig,
  ServerKind,
  ServerSecrets,
} from './types';

/**
 * The configured media servers: their settings in the library, their token, password and webhook
 * secret in the keychain (one entry per server), and the connector each one's client makes.
 */

export type ServerAuth = z.infer<typeof serverAuth>;

export interface ServerDeps {
  store: ServerStore;
  credentials: CredentialStore;
  /** The clients of each kind of server, as the wiring passes them. */
  connectors: Partial<Record<ServerKind, ConnectorFactory>>;
  connectorDeps: ConnectorDeps;
  clock: () => number;
  /** The webhook listener's address for a server's `listen` setting; null when none runs. */
  webhookBase: (listen: 'local' | 'network') => string | null;
  newId?: () => string;
  newSecret?: () => string;
}

interface Kept extends ServerSecrets {
  webhookSecret: string;
}

export interface Servers {
  list(): Promise<MediaServerView[]>;
  configs(): Promise<ServerConfig[]>;
  row(id: string): ServerRow;
  add(input: {
    kind: ServerKind;
    url: string | null;
    name?: string;
    auth: ServerAuth;
  }): Promise<MediaServerView>;
  test(id: string): Promise<MediaServerView>;
  update(
    id: string,
    patch: {
      name?: string;
      chosenAccounts?: string[];
      thresholdPercent?: number;
      listen?: 'local' | 'network';
    },
  ): Promise<MediaServerView>;
  remove(id: string): Promise<void>;
  /** A connector for the server, when its kind has a client; null otherwise. */
  connector(id: string): Promise<Connector | null>;
  view(id: string): Promise<MediaServerView>;
}

const NAMES: Record<ServerKind, string> = {
  jellyfin: 'Jellyfin',
  plex: 'Plex',
  kodi: 'Kodi',
  emby: 'Emby',
};

const nameOf = (id: string): ServerCredentialName => `capture.server.${id}`;

/** A connector's failure as one plain sentence, never with a token in it. */
export function failureMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : 'The server did not answer.';
  return redactAndCut(text, 200);
}

export function createServers(deps: ServerDeps): Servers {
  const newId = deps.newId ?? ((): string => randomBytes(5).toString('hex'));
  const newSecret = deps.newSecret ?? ((): string => randomBytes(24).toString('base64url'));
  const kept = new Map<string, Kept>();

  const row = (id: string): ServerRow => {
    const found = deps.store.get(id);
    if (!found) throw new CodedError('not_found', 'That media server is not configured.');
    return found;
  };

  async function secretsOf(id: string): Promise<Kept> {
    const cached = kept.get(id);
    if (cached) return cached;
    const text = await deps.credentials.get(nameOf(id));
    let parsed: Kept = { webhookSecret: '' };
    try {
      if (text !== null) parsed = { ...parsed, ...(JSON.parse(text) as Kept) };
    } catch {
      // An unreadable entry: the server needs its token again; its webhook stays shut.
    }
    kept.set(id, parsed);
    return parsed;
  }

  const config = async (r: ServerRow): Promise<ServerConfig> => ({
    id: r.id,
    kind: r.kind,
    name: r.name,
    url: r.url,
    listen: r.listen,
    thresholdPercent: r.thresholdPercent,
    chosenAccounts: r.chosenAccounts,
    secret: (await secretsOf(r.id)).webhookSecret,
  });

  async function view(id: string): Promise<MediaServerView> {
    const r = row(id);
    const { webhookSecret } = await secretsOf(id);
    const base = deps.webhookBase(r.listen);
    return {
      id: r.id,
      kind: r.kind,
      name: r.name,
      url: r.url,
      accounts: r.accounts.map((a) => ({ ...a, chosen: r.chosenAccounts.includes(a.id) })),
      thresholdPercent: r.thresholdPercent,
      listen: r.listen,
      webhookUrl:
        r.kind === 'kodi' || base === null || webhookSecret === ''
          ? null
          : `${base}/capture/${webhookSecret}`,
      status: { state: r.state, message: r.message, lastEventAt: r.lastEventAt },
    };
  }

  async function connector(id: string): Promise<Connector | null> {
    const r = row(id);
    const factory = deps.connectors[r.kind];
    if (!factory) return null;
    const { webhookSecret: _secret, ...secrets } = await secretsOf(id);
    return factory(await config(r), secrets, deps.connectorDeps);
  }

  async function test(id: string): Promise<MediaServerView> {
    const r = row(id);
    const client = await connector(id);
    if (!client) {
      deps.store.update(id, { state: 'listening', message: 'Waiting for the server’s webhooks.' });
      return view(id);
    }
    try {
      const accounts = (await client.test()).map((a) => ({
        id: a.id.slice(0, 200),
        name: a.name.slice(0, 200),
      }));
      // Kodi has one account: there is no one else's viewing to leave out.
      const chosen =
        r.kind === 'kodi' && r.chosenAccounts.length === 0
          ? accounts.map((a) => a.id)
          : r.chosenAccounts;
      deps.store.update(id, {
        accounts,
        chosenAccounts: chosen,
        state: 'connected',
        message: `Connected to ${r.name}.`,
      });
    } catch (error) {
      const refused =
        error instanceof CodedError &&
        (error.code === 'unauthorized' || error.code === 'forbidden');
      deps.store.update(id, {
        state: refused ? 'refused' : 'unreachable',
        message: failureMessage(error),
      });
    }
    return view(id);
  }

  return {
    list: async () => Promise.all(deps.store.list().map((r) => view(r.id))),
    configs: async () => Promise.all(deps.store.list().map(config)),
    row,
    async add(input) {
      const id = `${input.kind}-${newId()}`;
      const secrets: Kept = { webhookSecret: newSecret() };
      if (input.auth.kind === 'token') secrets.token = input.auth.token;
      if (input.auth.kind === 'password') {
        secrets.username = input.auth.username;
        secrets.password = input.auth.password;
      }
      await deps.credentials.set(nameOf(id), JSON.stringify(secrets));
      kept.set(id, secrets);
      deps.store.insert({
        id,
        kind: input.kind,
        name: input.name?.trim() || NAMES[input.kind],
        url: input.url,
        listen: 'local',
        thresholdPercent: DEFAULT_THRESHOLD_PERCENT,
        accounts: [],
        chosenAccounts: [],
        state: 'idle',
        message: '',
        lastEventAt: null,
        createdAt: deps.clock(),
      });
      return test(id);
    },
    test,
    async update(id, patch) {
      row(id);
      deps.store.update(id, patch);
      return view(id);
    },
    async remove(id) {
      row(id);
      await deps.credentials.delete(nameOf(id));
      kept.delete(id);
      deps.store.remove(id);
    },
    connector,
    view,
  };
}
