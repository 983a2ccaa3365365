import type { OutboxEntryView } from '../../../src-shared/ipc/contract';
import { redact } from '../../../src-shared/redact';
import type { OutboxOp } from '../changes';
import type { Library } from '../store/library';
import type { TitleLookup } from '../title-lookup';

/** Settled entries shown besides every open and failed one. */
const RECENT_SETTLED = 50;

/** The outbox as the UI lists it: every open and failed change, then the latest settled ones. */
export function outboxView(library: Library, titles: TitleLookup): OutboxEntryView[] {
  const open = library.entries(['pending', 'in_flight', 'failed', 'superseded']);
  const settled = library.entries(['sent', 'collapsed', 'cancelled']).slice(-RECENT_SETTLED);
  return [...open, ...settled]
    .sort((a, b) => a.seq - b.seq)
    .map((e) => ({
      seq: e.seq,
      label: labelOf(e.op, titles),
      status: e.status,
      attempts: e.attempts,
      lastError: e.lastError === null ? null : redact(e.lastError),
      queuedAt: e.queuedAt,
      nextAttemptAt: e.nextAttemptAt > 0 ? e.nextAttemptAt : null,
    }));
}

/** A sentence for the outbox view, e.g. "Add “Arrival” to the watchlist". */
export function labelOf(op: OutboxOp, titles: TitleLookup): string {
  const name = (kind: 'movie' | 'tv', id: number): string => {
    const title = titles.title(kind, id)?.title;
    return title ? `“${title}”` : `${kind === 'movie' ? 'movie' : 'series'} ${id}`;
  };
  switch (op.type) {
    case 'watchlist':
      return `${op.on ? 'Add' : 'Remove'} ${name(op.mediaType, op.mediaId)} ${op.on ? 'to' : 'from'} the watchlist`;
    case 'favorite':
      return `${op.on ? 'Add' : 'Remove'} ${name(op.mediaType, op.mediaId)} ${op.on ? 'to' : 'from'} favourites`;
    case 'rating': {
      const t = op.target;
      const what =
        t.mediaType === 'episode'
          ? `${name('tv', t.mediaId)} S${t.season}E${t.episode}`
          : name(t.mediaType, t.mediaId);
      return op.value === null ? `Remove the rating of ${what}` : `Rate ${what} ${op.value}/10`;
    }
    case 'list_create':
      return `Create the list “${op.name}”`;
    case 'list_item':
      return `${op.present ? 'Add' : 'Remove'} ${name('movie', op.mediaId)} ${op.present ? 'to' : 'from'} a list`;
    case 'list_clear':
      return 'Clear a list';
    case 'list_delete':
      return 'Delete a list';
  }
}
