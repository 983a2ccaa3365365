import type { IpcError } from '../../src-shared/ipc/errors';
import { toasts } from './state/toasts.svelte';

/**
 * After a rating: rating something usually means it was seen, so the toast offers to mark it
 * watched (TMDB keeps ratings, Marquee keeps the history; neither implies the other).
 */
export function offerMarkWatched(
  what: string,
  mark: () => Promise<{ added: unknown[] } | { error: IpcError }>,
): void {
  toasts.success(`Rated ${what}`, null, {
    label: 'Mark watched',
    run: () => {
      void mark().then((reply) => {
        if ('error' in reply) toasts.failure(`Could not mark ${what} watched`, reply.error);
        else toasts.success(`Marked ${what} watched`);
      });
    },
  });
}
