import type { PlayView } from '../../src-shared/ipc/contract';
import { call } from './api';
import { toasts } from './state/toasts.svelte';

/**
 * After plays were removed: a toast that says so, with Undo. Undo restores exactly those plays
 * (same uid, same date), so a mistaken unmark leaves no trace in the history. No view applies the
 * restore's reply, so the views showing those plays read them again on its `tracking.changed`.
 */
export function offerUndo(message: string, removed: readonly PlayView[]): void {
  if (removed.length === 0) return;
  toasts.success(message, null, {
    label: 'Undo',
    run: () => {
      void call('tracking.restore', { plays: [...removed] }).then((reply) => {
        if (!reply.ok) toasts.failure('Could not restore what was unmarked', reply.error);
      });
    },
  });
}

/** "3 episodes" / "1 episode". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en')} ${count === 1 ? one : many}`;
}
