import { passThroughChannels } from './pass-through';

/**
 * The channel and event names, free of zod so that the sandboxed preload can import them
 * without pulling a validator into its bundle. `contract.ts` must define exactly these keys:
 * it fails to compile when they differ, and contract.test.ts checks the same at run time.
 * The pass-through channels are named by their table (`pass-through.ts`).
 */
export const channelNames = [
  'app.info',
  'network.current',
  'app.notices',
  'app.update',
  'app.installUpdate',
  'settings.get',
  'settings.set',
  'reference.countries',
  'reference.jobs',
  'reference.genres',
  'reference.watchProviders',
  'browse.discoverMovies',
  'search.multi',
  'search.ahead',
  ...passThroughChannels,
  'library.state',
  'library.collection',
  'library.setWatchlist',
  'library.setFavorite',
  'library.rate',
  'lists.all',
  'lists.get',
  'lists.create',
  'lists.addItem',
  'lists.removeItem',
  'lists.clear',
  'lists.delete',
  'sync.now',
  'sync.outbox',
  'sync.retryFailed',
  'devices.status',
  'devices.setup',
  'devices.rename',
  'devices.syncNow',
  'devices.stop',
  'devices.forget',
  'cache.status',
  'cache.clear',
  'auth.status',
  'auth.beginApproval',
  'auth.completeApproval',
  'auth.cancelApproval',
  'auth.login',
  'auth.guest',
  'auth.signOut',
  'credentials.setAppToken',
  'credentials.clearAppToken',
  'account.details',
  'tracking.mark',
  'tracking.unmark',
  'tracking.restore',
  'tracking.plays',
  'tracking.history',
  'tracking.progress',
  'tracking.progressMany',
  'tracking.upNext',
  'tracking.setFollow',
  'tracking.setIncludeSpecials',
  'tracking.setHidden',
  'tracking.snooze',
  'tracking.calendar',
  'tracking.exportIcs',
  'tracking.inbox',
  'tracking.markRead',
  'tracking.refresh',
  'tracking.status',
  'import.samples',
  'import.stageSample',
  'import.open',
  'import.analyse',
  'import.job',
  'import.resolve',
  'import.apply',
  'import.cancel',
  'import.jobs',
  'backup.create',
  'export.file',
  'stats.overview',
  'stats.years',
  'stats.yearInReview',
  'capture.servers',
  'capture.discover',
  'capture.addServer',
  'capture.testServer',
  'capture.updateServer',
  'capture.removeServer',
  'capture.backfill',
  'capture.cancelBackfill',
  'capture.captured',
  'capture.review',
  'capture.resolve',
  'capture.simulatePlay',
  'services.availability',
] as const;

export const eventNames = [
  'network.status',
  'app.update',
  'sync.status',
  'devices.changed',
  'library.changed',
  'auth.changed',
  'tracking.inbox',
  'tracking.refresh',
  'tracking.changed',
  'import.progress',
  'import.changed',
  'stats.changed',
  'capture.changed',
  'capture.backfill',
] as const;

export type ChannelName = (typeof channelNames)[number];
export type EventName = (typeof eventNames)[number];

export function isChannelName(value: unknown): value is ChannelName {
  return typeof value === 'string' && (channelNames as readonly string[]).includes(value);
}

export function isEventName(value: unknown): value is EventName {
  return typeof value === 'string' && (eventNames as readonly string[]).includes(value);
}

/** The prefix of every ipcMain/ipcRenderer channel, so Marquee's traffic is easy to tell apart. */
export const IPC_PREFIX = 'marquee:';
