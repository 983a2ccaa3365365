/**
 * The demo catalogue's one public entry point: a local, TMDB-compatible server over a generated
 * catalogue. `npm start` serves it when no TMDB token is configured, and tests and benchmarks use
 * it as a stand-in for TMDB. Everything outside catalogue/ imports it through this file only.
 */
export { startCatalogue } from './server';
export type { Catalogue, CatalogueOptions, FaultPlan } from './server';
export type { Catalogue as CatalogueData, TitleCore } from './data/catalogue';
export type { Clock } from './data/clock';
export type { MessyData, MessyIds, MessyKind } from './data/messy';
export type { DemoLibrary, DemoPicks } from './data/demo-picks';
export type { DemoHistory, DemoPlay } from './data/demo-history';
export type { SeasonShape, EpisodeSlot, SeriesRole } from './data/schedule';
export type { SampleExport } from './samples';
export { pickSampleTitles } from './samples/picks';
export { scheduleOf } from './data/schedule';
export { tvdbEpisodeId } from './data/tv-details';
export { movieSummary, tvSummary } from './data/summaries';
export { countries } from './data/countries';
export { departments } from './data/jobs';
export { daysUntilArrival, providerMaskNow, rotatingOn, rotationOf } from './data/provider-clock';
export { jellyfinBody, plexBody, embyBody, postWebhook } from './media-servers/webhook-senders';
export type { WebhookPlay, WebhookBody } from './media-servers/webhook-senders';
export * from './media-servers/servers';
