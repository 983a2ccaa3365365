import type { MarqueeApi } from '../../../src-shared/ipc/api';
import type { ChannelInput, EventPayload } from '../../../src-shared/ipc/contract';
import type { MediaServerView, ServerKind } from '../../../src-shared/ipc/contract/capture';
import type { IpcError } from '../../../src-shared/ipc/errors';
import type { IpcResult } from '../../../src-shared/ipc/result';
import { call } from '../api';
import { plainError } from '../errors';
import { OwnChanges } from './own-changes';

export type AddServerInput = ChannelInput<'capture.addServer'>;
export type ServerAuth = AddServerInput['auth'];
export type BackfillProgress = EventPayload<'capture.backfill'>;
export type ServerPatch = Omit<ChannelInput<'capture.updateServer'>, 'serverId'>;
export type FoundServer = { kind: ServerKind; url: string };

/** A failed action, as one plain sentence to show and the core's own text for Details. */
export interface ServerFailure {
  sentence: string;
  error: IpcError;
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; failure: ServerFailure };

export const SERVER_KINDS: readonly { kind: ServerKind; label: string }[] = [
  { kind: 'jellyfin', label: 'Jellyfin' },
  { kind: 'plex', label: 'Plex' },
  { kind: 'emby', label: 'Emby' },
  { kind: 'kodi', label: 'Kodi' },
];

export function kindLabel(kind: ServerKind): string {
  return SERVER_KINDS.find((row) => row.kind === kind)?.label ?? kind;
}

/** The sentences of a media server's failures: about the server, never about TMDB. */
const SERVER_SENTENCE: Partial<Record<IpcError['code'], string>> = {
  offline: 'The server did not answer. Check that it is running and that the address is right.',
  timeout: 'The server took too long to answer. Check that it is running, then try again.',
  unauthorized:
    'The server did not accept the sign-in. Check the user name and password, or the token.',
  forbidden: 'The server refused Marquee. Check what this account may do on the server.',
  not_found: 'Marquee no longer knows this server. It may have been removed.',
  conflict: 'This server is already in the list.',
  invalid_input: 'Marquee could not use that address or sign-in. Check them, then try again.',
  unsupported: 'This is not available here.',
  upstream: 'The server answered with an error. Try again in a moment.',
  schema_mismatch: 'The server sent something Marquee cannot read.',
};

/** One plain sentence for a failure of a server action. */
export function serverSentence(error: Pick<IpcError, 'code'>): string {
  return SERVER_SENTENCE[error.code] ?? plainError(error);
}

function outcome<T>(reply: IpcResult<T>): Outcome<T> {
  return reply.ok
    ? { ok: true, value: reply.value }
    : { ok: false, failure: { sentence: serverSentence(reply.error), error: reply.error } };
}

/**
 * The media servers Marquee captures plays from, for Settings. Follows `capture.changed` (one
 * reload for a burst of events) and `capture.backfill` (each server's back fill progress).
 */
export class MediaServersState {
  #servers = $state.raw<readonly MediaServerView[]>([]);
  #loaded = $state(false);
  #error = $state.raw<IpcError | null>(null);
  #found = $state.raw<readonly FoundServer[] | null>(null);
  #backfill = $state.raw<Readonly<Record<string, BackfillProgress>>>({});
  /** Only its coalescing is used: events of one turn ask for one reload. */
  readonly #reload = new OwnChanges(() => this.load());

  get servers(): readonly MediaServerView[] {
    return this.#servers;
  }
  get loaded(): boolean {
    return this.#loaded;
  }
  get error(): IpcError | null {
    return this.#error;
  }
  /** Servers answering on this computer (null until looked for). */
  get found(): readonly FoundServer[] | null {
    return this.#found;
  }

  /** The last back fill progress of a server, if one ran since the window opened. */
  backfillOf(serverId: string): BackfillProgress | null {
    return this.#backfill[serverId] ?? null;
  }

  /** Follows the core's capture events; returns the function that stops. */
  start(bridge: MarqueeApi): () => void {
    const stops = [
      bridge.on('capture.changed', () => {
        if (this.#loaded) void this.#reload.request();
      }),
      bridge.on('capture.backfill', (progress) => {
        this.#backfill = { ...this.#backfill, [progress.serverId]: progress };
      }),
    ];
    return () => {
      stops.forEach((stop) => {
        stop();
      });
    };
  }

  async load(): Promise<void> {
    const reply = await call('capture.servers');
    if (reply.ok) {
      this.#servers = reply.value.servers;
      this.#error = null;
      this.#loaded = true;
    } else {
      this.#error = reply.error;
    }
  }

  /** Looks for servers on this computer's usual ports. */
  async discover(): Promise<Outcome<readonly FoundServer[]>> {
    const result = outcome(await call('capture.discover'));
    if (result.ok) this.#found = result.value.found;
    return result.ok ? { ok: true, value: result.value.found } : result;
  }

  async add(input: AddServerInput): Promise<Outcome<MediaServerView>> {
    return this.#applied(outcome(await call('capture.addServer', input)));
  }

  /** Connects now: the server comes back with its accounts, or its status says why not. */
  async test(serverId: string): Promise<Outcome<MediaServerView>> {
    return this.#applied(outcome(await call('capture.testServer', { serverId })));
  }

  async update(serverId: string, patch: ServerPatch): Promise<Outcome<MediaServerView>> {
    return this.#applied(outcome(await call('capture.updateServer', { serverId, ...patch })));
  }

  async remove(serverId: string): Promise<Outcome<true>> {
    const result = outcome(await call('capture.removeServer', { serverId }));
    if (!result.ok) return result;
    this.#servers = this.#servers.filter((server) => server.id !== serverId);
    return { ok: true, value: true };
  }

  async backfill(serverId: string): Promise<Outcome<BackfillProgress>> {
    const result = outcome(await call('capture.backfill', { serverId }));
    if (result.ok) this.#backfill = { ...this.#backfill, [serverId]: result.value };
    return result;
  }

  /**
   * Stops a server's running back fill; the plays read so far stay, and its last progress (with
   * the word that it stopped) follows as an event.
   */
  async cancelBackfill(serverId: string): Promise<Outcome<boolean>> {
    const result = outcome(await call('capture.cancelBackfill', { serverId }));
    return result.ok ? { ok: true, value: result.value.stopping } : result;
  }

  /**
   * Demo mode: the simulated server plays the demo catalogue's most popular film to the end.
   * Returns its title.
   */
  async playDemo(): Promise<Outcome<string>> {
    const films = outcome(await call('browse.discoverMovies', { page: 1 }));
    if (!films.ok) return films;
    const film = films.value.data.results[0];
    if (!film) {
      const error: IpcError = { code: 'not_found', message: 'The demo catalogue has no film.' };
      return { ok: false, failure: { sentence: 'The demo catalogue has no film to play.', error } };
    }
    const played = outcome(await call('capture.simulatePlay', { mediaType: 'movie', id: film.id }));
    return played.ok ? { ok: true, value: film.title } : played;
  }

  reset(): void {
    this.#servers = [];
    this.#loaded = false;
    this.#error = null;
    this.#found = null;
    this.#backfill = {};
    this.#reload.reset();
  }

  /** Puts a server as the core returned it in the list (in place, or last when new). */
  #applied(result: Outcome<MediaServerView>): Outcome<MediaServerView> {
    if (!result.ok) return result;
    const server = result.value;
    const known = this.#servers.some((row) => row.id === server.id);
    this.#servers = known
      ? this.#servers.map((row) => (row.id === server.id ? server : row))
      : [...this.#servers, server];
    return result;
  }
}

export const mediaServers = new MediaServersState();
