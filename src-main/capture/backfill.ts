import { CodedError } from '../../src-shared/ipc/errors';
import type { BackfillProgressView } from './capture-types';
import { viewingTime } from './count';
import { recordPlay, scopeOf, type ReceiveDeps, type ReceivingServer } from './receive';
import type { Resolution } from './resolve';
import { failureMessage } from './servers';
import type { BackfillItem, Connector } from './types';
import { localDate } from '../tracking/dates';

export interface BackfillDeps extends Omit<ReceiveDeps, 'server' | 'changed'> {
  emit(progress: BackfillProgressView): void;
  changed(serverIds: string[]): void;
}

/**
 * Reads a server's played films and episodes into the history, a page at a time: each page in
 * one transaction, so a server that vanishes halfway loses nothing already written. One play per
 * item (the server knows only the last time), none when the history already has a play of it that
 * day (or, undated, at all), and none twice for the same item of the same account.
 */
export async function runBackfill(
  deps: BackfillDeps,
  server: ReceivingServer,
  connector: Connector,
  signal: AbortSignal,
): Promise<BackfillProgressView> {
  const progress: BackfillProgressView = {
    serverId: server.id,
    running: true,
    done: 0,
    total: 0,
    added: 0,
    review: 0,
    failed: 0,
    message: null,
  };
  const emit = (): void => {
    deps.emit({ ...progress });
  };
  if (!connector.backfill)
    throw new CodedError('unsupported', 'This server cannot be read for past plays.');
  if (server.chosenAccounts.length === 0)
    throw new CodedError('invalid_input', 'Choose the accounts whose plays count first.');
  emit();

  async function page(items: BackfillItem[]): Promise<void> {
    progress.total += items.length;
    const resolved: [BackfillItem, Resolution | null][] = [];
    for (const item of items) {
      if (signal.aborted) break;
      if (!server.chosenAccounts.includes(item.account) || item.playCount < 1) {
        resolved.push([item, null]);
        continue;
      }
      try {
        resolved.push([item, await deps.resolver.resolve(item)]);
      } catch {
        progress.failed += 1;
        progress.done += 1;
      }
    }
    deps.changes.write(() => {
      for (const [item, resolution] of resolved) {
        progress.done += 1;
        if (resolution !== null) write(item, resolution);
      }
    });
    emit();
  }

  function write(item: BackfillItem, resolution: Resolution): void {
    const at = item.lastPlayedAt === null ? null : viewingTime(item.lastPlayedAt, deps.clock());
    if (deps.store.links.has(server.id, item.account, item.itemKey)) return;
    if (resolution.kind === 'review') {
      deps.store.review.add({
        serverId: server.id,
        serverKind: server.kind,
        serverName: server.name,
        account: item.account,
        itemKey: item.itemKey,
        mediaType: item.media,
        title: item.title,
        year: item.year,
        season: item.season,
        episode: item.episode,
        watchedAt: at,
        reason: resolution.reason,
        createdAt: deps.clock(),
      });
      progress.review += 1;
      return;
    }
    const plays = deps.tracking.tracking.plays(scopeOf(resolution.target));
    const tz = deps.timeZone();
    // Already in the history that day (or, undated, at all), whoever recorded it.
    const day = at === null ? null : localDate(at, tz);
    const already = plays.some((p) =>
      day === null ? true : p.watchedAt !== null && localDate(p.watchedAt, tz) === day,
    );
    if (already) return;
    recordPlay(
      deps,
      { server, account: item.account, itemKey: item.itemKey, title: item.title },
      resolution.target,
      at === null ? { kind: 'unknown' } : { kind: 'at', at },
    );
    progress.added += 1;
  }

  try {
    await connector.backfill(page, signal);
    progress.message = signal.aborted ? 'Stopped; the plays read so far are kept.' : null;
  } catch (error) {
    progress.message = signal.aborted
      ? 'Stopped; the plays read so far are kept.'
      : `The server stopped answering: ${failureMessage(error)} The plays read so far are kept.`.slice(
          0,
          200,
        );
  }
  progress.running = false;
  emit();
  deps.changed([server.id]);
  return { ...progress };
}
