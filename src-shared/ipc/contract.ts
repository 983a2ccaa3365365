import type { z } from 'zod';
import type { ChannelName, EventName } from './channels';
import { appDomain } from './contract/app';
import { authDomain } from './contract/auth';
import { availabilityDomain } from './contract/availability';
import { browseDomain } from './contract/browse';
import { cacheDomain } from './contract/cache';
import { captureDomain } from './contract/capture';
import { devicesDomain } from './contract/devices';
import { combineDomains } from './contract/domain';
import { historyDomain } from './contract/history';
import { importDomain } from './contract/import';
import { libraryDomain } from './contract/library';
import { passThroughDomain } from './contract/pass-through';
import { picksDomain } from './contract/picks';
import { servicesDomain } from './contract/services';
import { settingsDomain } from './contract/settings';
import { statsDomain } from './contract/stats';
import { syncDomain } from './contract/sync';
import { trackingDomain } from './contract/tracking';

/**
 * Every domain of the IPC contract, one file each under contract/. A new domain is its import
 * above and its entry here, plus its names in the zod-free list (channels.ts). The pass-through
 * channels are one table (pass-through.ts) that both read.
 */
export const contractDomains = [
  appDomain,
  settingsDomain,
  browseDomain,
  passThroughDomain,
  libraryDomain,
  syncDomain,
  devicesDomain,
  cacheDomain,
  authDomain,
  trackingDomain,
  historyDomain,
  importDomain,
  statsDomain,
  captureDomain,
  picksDomain,
  servicesDomain,
  availabilityDomain,
] as const;

const combined = combineDomains(contractDomains);

/** The IPC contract: every channel's input and output schema. */
export const contract = combined.channels;
/** Every event's payload schema. */
export const events = combined.events;

export type Contract = typeof contract;
export type Events = typeof events;

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Expect<T extends true> = T;
/**
 * The preload lets through the names of the zod-free lists in channels.ts; main validates with the
 * contract. These fail to compile as soon as the two name different channels or events.
 */
export type ChannelListMatchesContract = Expect<Same<keyof Contract, ChannelName>>;
export type EventListMatchesContract = Expect<Same<keyof Events, EventName>>;

export type ChannelInput<C extends ChannelName> = z.input<Contract[C]['input']>;
export type ChannelOutput<C extends ChannelName> = z.output<Contract[C]['output']>;
export type EventPayload<E extends EventName> = z.output<Events[E]>;

export { networkStatus, updateStatus, type AppChannel, type UpdateStatus } from './contract/app';
export { authStatus, credentialStorage, type AuthChannel, type AuthStatus } from './contract/auth';
export { type BrowseChannel } from './contract/browse';
export {
  devicesStatus,
  type DevicesChannel,
  type DevicesStatus,
  type PeerDeviceView,
} from './contract/devices';
export { type CacheChannel } from './contract/cache';
export { type HistoryChannel, type PlayEpisodeView, type PlayTitleView } from './contract/history';
export {
  capturedPlay,
  mediaServer,
  reviewItem,
  type CaptureChannel,
  type CaptureEvent as CaptureEventName,
  type CapturedPlayView,
  type MediaServerView,
  type ReviewItemView,
} from './contract/capture';
export {
  libraryItem,
  ratingTarget,
  userList,
  type LibraryChannel,
  type LibraryItem,
  type RatingTarget,
  type UserList,
} from './contract/library';
export {
  importJobView,
  stagedSource,
  type ImportChannel,
  type ImportEvent,
  type ImportJobSummary,
  type ImportJobView,
  type ImportRowView,
  type ImportTargets,
  type MatchCandidate,
  type StagedSource,
} from './contract/import';
export { provenance, type Provenance } from './contract/models';
export { type PassThroughChannel } from './contract/pass-through';
export {
  pick,
  picksList,
  type PickSeed,
  type PickView,
  type PicksChannel,
  type PicksEvent,
  type PicksListView,
} from './contract/picks';
export { settings, type Settings, type SettingsChannel } from './contract/settings';
export {
  statsOverview,
  yearInReview,
  type RatingPairView,
  type StatsBreakdown,
  type StatsChannel,
  type StatsCoverage,
  type StatsEvent,
  type StatsFilter,
  type StatsMedia,
  type StatsOverview,
  type StatsPeriod,
  type StatsPersonView,
  type StatsSlice,
  type StatsTitleView,
  type StatsTotals,
  type StatsWatchView,
  type StatsYearView,
  type YearInReviewView,
} from './contract/stats';
export {
  deadLetter,
  outboxEntry,
  pullFailure,
  syncStatus,
  type DeadLetterView,
  type OutboxEntryView,
  type PullFailure,
  type SyncChannel,
  type SyncStatus,
} from './contract/sync';
export {
  calendarEvent,
  inboxItem,
  play,
  refreshProgress,
  seriesProgress,
  seriesProgressSummary,
  upNextItem,
  type CalendarEventView,
  type InboxItemView,
  type PlayView,
  type RefreshProgressView,
  type SeriesProgressSummaryView,
  type SeriesProgressView,
  type TrackingChannel,
  type TrackingEvent,
  type UnmarkScope,
  type UpNextItemView,
  type WatchedWhen,
  type WatchScope,
} from './contract/tracking';
export {
  MY_SERVICES_KEY,
  myServices,
  noServices,
  serviceRef,
  servicesState,
  type CatalogueProvider,
  type CatalogueRegion,
  type MyServices,
  type ServiceRef,
  type ServicesCatalogue,
  type ServicesChannel,
  type ServicesEvent,
  type ServicesState,
} from './contract/services';
