import type { MarqueeApi } from '../../../src-shared/ipc/api';
import type {
  DeadLetterView,
  OutboxEntryView,
  PullFailure,
  SyncStatus,
} from '../../../src-shared/ipc/contract';
import type { IpcError } from '../../../src-shared/ipc/errors';
import { call } from '../api';
import { coalesce } from '../coalesce';

/** The entries worth showing: what waits, what is being sent and what failed. */
const OPEN = new Set<OutboxEntryView['status']>(['pending', 'in_flight', 'failed']);

/**
 * The outbox of changes made locally and not yet on TMDB, and the progress of sending them.
 * `sync.status` events keep the counters live; the entries themselves are read on demand
 * (the sync panel) and again whenever a run ends.
 */
export class SyncState {
  #status = $state.raw<SyncStatus | null>(null);
  #entries = $state.raw<readonly OutboxEntryView[]>([]);
  #deadLetters = $state.raw<readonly DeadLetterView[]>([]);
  #error = $state.raw<IpcError | null>(null);
  #busy = $state(false);

  get status(): SyncStatus | null {
    return this.#status;
  }
  get entries(): readonly OutboxEntryView[] {
    return this.#entries;
  }
  /** Stored changes that could not be read: set aside (kept, not sent), shown with the reason. */
  get deadLetters(): readonly DeadLetterView[] {
    return this.#deadLetters;
  }
  get error(): IpcError | null {
    return this.#error;
  }
  get busy(): boolean {
    return this.#busy;
  }

  readonly open = $derived(this.#entries.filter((e) => OPEN.has(e.status)));
  readonly failed = $derived(this.#entries.filter((e) => e.status === 'failed'));
  /** Parts of the account the last pull could not read (their last copy is kept). */
  readonly pullFailures: readonly PullFailure[] = $derived(this.#status?.pullFailures ?? []);

  /** "Syncing 3 of 12…" while a run goes, "2 changes waiting to sync" while it does not, else null. */
  readonly progressLabel: string | null = $derived.by(() => {
    const s = this.#status;
    if (!s) return null;
    if (s.running && s.total > 0) return `Syncing ${Math.min(s.done + 1, s.total)} of ${s.total}…`;
    if (s.failed > 0) return `${s.failed} ${s.failed === 1 ? 'change' : 'changes'} could not sync`;
    if (s.pending > 0)
      return `${s.pending} ${s.pending === 1 ? 'change' : 'changes'} waiting to sync`;
    return null;
  });

  /** Follows `sync.status`; returns the function that stops. */
  start(bridge: MarqueeApi): () => void {
    const reload = coalesce(() => this.refresh());
    void reload();
    return bridge.on('sync.status', (status) => {
      const finished = this.#status?.running === true && !status.running;
      this.#status = status;
      if (finished || !status.running) void reload();
    });
  }

  /** Reads the outbox entries and the status. */
  async refresh(): Promise<void> {
    const result = await call('sync.outbox');
    if (result.ok) {
      this.#entries = result.value.entries;
      this.#deadLetters = result.value.deadLetters;
      this.#status = result.value.status;
      this.#error = null;
    } else {
      this.#error = result.error;
    }
  }

  async syncNow(): Promise<IpcError | null> {
    return this.#run(() => call('sync.now'));
  }

  /** Puts the failed entries back in the queue and sends them again. */
  async retryFailed(): Promise<IpcError | null> {
    return this.#run(() => call('sync.retryFailed'));
  }

  reset(): void {
    this.#status = null;
    this.#entries = [];
    this.#deadLetters = [];
    this.#error = null;
    this.#busy = false;
  }

  async #run(action: () => ReturnType<typeof call<'sync.now'>>): Promise<IpcError | null> {
    this.#busy = true;
    try {
      const result = await action();
      if (!result.ok) return result.error;
      this.#status = result.value;
      await this.refresh();
      return null;
    } finally {
      this.#busy = false;
    }
  }
}

export const sync = new SyncState();
