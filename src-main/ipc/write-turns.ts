import { passThroughChannels } from '../../src-shared/ipc/pass-through';
import type { ChannelName } from '../../src-shared/ipc/channels';
import type { WriteTurns } from '../db/write-turn';

/**
 * The channels whose handlers never write the library on this thread: they read, ask TMDB (the
 * cache is not the library), or hand their work to the worker. Every other channel waits for its
 * turn at the library's write lock before its handler runs (`worker/write-turn.ts`), so a write
 * never blocks this thread while the worker commits. A channel missing here only waits for the
 * worker's transaction to end, without blocking; a read listed here never waits at all.
 */
const withoutLibraryWrites: ReadonlySet<ChannelName> = new Set<ChannelName>([
  ...passThroughChannels,
  'app.info',
  'network.current',
  'app.notices',
  'settings.get',
  'reference.countries',
  'reference.jobs',
  'reference.genres',
  'reference.watchProviders',
  'browse.discoverMovies',
  'search.multi',
  'search.ahead',
  'library.state',
  'library.collection',
  'lists.all',
  'lists.get',
  'sync.outbox',
  'devices.status',
  'cache.status',
  'auth.status',
  'account.details',
  'tracking.plays',
  'tracking.history',
  'history.titles',
  'tracking.progress',
  'tracking.progressMany',
  'tracking.upNext',
  'tracking.calendar',
  'tracking.exportIcs',
  'tracking.inbox',
  'tracking.status',
  'import.samples',
  'import.job',
  'import.jobs',
  'backup.create',
  'export.file',
  'stats.overview',
  'stats.years',
  'stats.yearInReview',
  'capture.servers',
  'capture.captured',
  'capture.review',
  'picks.list',
  'services.get',
  'services.catalogue',
  'services.availability',
]);

/** Whether a call on `channel` may write the library here, and so waits for its turn. */
export const writesLibrary = (channel: ChannelName): boolean => !withoutLibraryWrites.has(channel);

/** The guard's `before`: the write turn for calls that may write, nothing for the others. */
export const writeTurnBefore =
  (turns: Pick<WriteTurns, 'turn'>) =>
  (channel: ChannelName): Promise<void> | undefined =>
    writesLibrary(channel) ? turns.turn() : undefined;
