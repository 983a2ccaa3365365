import type { MarqueeApi } from '../../../src-shared/ipc/api';
import type { ChannelInput } from '../../../src-shared/ipc/contract';
import type { DevicesStatus } from '../../../src-shared/ipc/contract/devices';
import type { IpcError } from '../../../src-shared/ipc/errors';
import type { IpcResult } from '../../../src-shared/ipc/result';
import { call } from '../api';
import { describeAge } from '../age';
import { plainError } from '../errors';

export type DevicesSetupInput = ChannelInput<'devices.setup'>;

/** A failed action, as one plain sentence to show and the core's own text for Details. */
export interface DevicesFailure {
  sentence: string;
  error: IpcError;
}

export type DevicesOutcome<T> = { ok: true; value: T } | { ok: false; failure: DevicesFailure };

/** The shortest passphrase the core accepts. */
export const MIN_PASSPHRASE = 8;

/** A full folder path, as the core accepts it (POSIX, a Windows drive, or a network share). */
export function isFullPath(path: string): boolean {
  return path.startsWith('/') || /^[A-Za-z]:[\\/]/.test(path) || path.startsWith('\\\\');
}

/** The sentences of sync across computers' failures: about the folder, never about TMDB. */
const SENTENCE: Partial<Record<IpcError['code'], string>> = {
  unsupported: 'There is no folder dialog here: type the folder’s full path instead.',
  not_found: 'That computer is no longer in the sync folder.',
  storage_io: 'Marquee could not read or write the sync folder. Check that it is there.',
  disk_full: 'The disk of the sync folder is full. Free some space, then try again.',
};

/**
 * One plain sentence for a failure of a sync action. The core's refusals of a set-up (a folder
 * that does not exist, a different passphrase) are written for people, so they are shown as they
 * are; anything else gets the plain sentence of its code, its text behind Details.
 */
export function devicesSentence(error: Pick<IpcError, 'code' | 'message'>): string {
  const known = SENTENCE[error.code];
  if (known) return known;
  if (error.code !== 'invalid_input') return plainError(error);
  if (/\b(expected|Required|Invalid)\b/.test(error.message) || error.message.trim() === '')
    return 'Marquee could not use that folder, passphrase or name. Check them, then try again.';
  return error.message;
}

/** Whether the core's text says more than the sentence shown (else no Details toggle). */
export function hasDetail(failure: DevicesFailure): boolean {
  const detail = failure.error.message.trim().replace(/\.$/, '').toLowerCase();
  return detail !== '' && !failure.sentence.toLowerCase().includes(detail);
}

function outcome<T>(reply: IpcResult<T>): DevicesOutcome<T> {
  return reply.ok
    ? { ok: true, value: reply.value }
    : { ok: false, failure: { sentence: devicesSentence(reply.error), error: reply.error } };
}

/**
 * Sync across computers, for Settings and the status bar: the status as the core last told it,
 * followed through `devices.changed`, and the actions that change it.
 */
export class DevicesState {
  #status = $state.raw<DevicesStatus | null>(null);
  #error = $state.raw<IpcError | null>(null);

  /** null until read. */
  get status(): DevicesStatus | null {
    return this.#status;
  }
  /** Why the status could not be read (the library is not open), or null. */
  get error(): IpcError | null {
    return this.#error;
  }
  get on(): boolean {
    return this.#status !== null && this.#status.state !== 'off';
  }

  /** Reads the status once and follows `devices.changed`; returns the function that stops. */
  start(bridge: MarqueeApi): () => void {
    const stop = bridge.on('devices.changed', (status) => {
      this.#status = status;
      this.#error = null;
    });
    void this.load();
    return stop;
  }

  async load(): Promise<void> {
    const reply = await call('devices.status');
    if (reply.ok) {
      this.#status = reply.value;
      this.#error = null;
    } else {
      this.#error = reply.error;
    }
  }

  /**
   * Starts syncing through a folder (`'dialog'` asks with the system's dialog). The value is null
   * when the dialog was closed without a folder.
   */
  async setup(input: DevicesSetupInput): Promise<DevicesOutcome<DevicesStatus | null>> {
    return this.#applied(outcome(await call('devices.setup', input)));
  }

  async rename(name: string): Promise<DevicesOutcome<DevicesStatus>> {
    return this.#applied(outcome(await call('devices.rename', { name })));
  }

  async syncNow(): Promise<DevicesOutcome<DevicesStatus>> {
    return this.#applied(outcome(await call('devices.syncNow')));
  }

  /** Stops syncing here; the history stays on this computer, the folder's files stay. */
  async stop(): Promise<DevicesOutcome<DevicesStatus>> {
    return this.#applied(outcome(await call('devices.stop')));
  }

  /** No longer reads a computer's files; what was merged from it stays. */
  async forget(id: string): Promise<DevicesOutcome<DevicesStatus>> {
    return this.#applied(outcome(await call('devices.forget', { id })));
  }

  reset(): void {
    this.#status = null;
    this.#error = null;
  }

  #applied<T extends DevicesStatus | null>(result: DevicesOutcome<T>): DevicesOutcome<T> {
    if (result.ok && result.value !== null) {
      this.#status = result.value;
      this.#error = null;
    }
    return result;
  }
}

export const devices = new DevicesState();

/** "2 of 12", or null: how far a first sync of a large history has come. */
export function progressText(status: Pick<DevicesStatus, 'progress'>): string | null {
  const p = status.progress;
  if (!p || p.total <= 0) return null;
  return `${p.done.toLocaleString('en-GB')} of ${p.total.toLocaleString('en-GB')} changes`;
}

export type StatusTone = 'off' | 'ok' | 'busy' | 'waiting' | 'problem';

/** The quiet status line: its tone and its one sentence. */
export function statusLine(
  status: Pick<DevicesStatus, 'state' | 'lastSyncedAt' | 'message' | 'progress'>,
  now: number,
): { tone: StatusTone; text: string } {
  switch (status.state) {
    case 'off':
      return { tone: 'off', text: 'Off on this computer' };
    case 'syncing': {
      const progress = progressText(status);
      return { tone: 'busy', text: progress ? `Syncing… ${progress}` : 'Syncing…' };
    }
    case 'waiting':
      return { tone: 'waiting', text: 'Waiting for the sync folder…' };
    case 'problem':
      return {
        tone: 'problem',
        text:
          status.message ?? 'Marquee could not sync with the folder; your history here is kept.',
      };
    case 'idle':
      return {
        tone: 'ok',
        text:
          status.lastSyncedAt === null
            ? 'Up to date'
            : `Up to date · last synced ${describeAge(status.lastSyncedAt, now)}`,
      };
  }
}
