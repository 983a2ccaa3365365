import { z } from 'zod';
import type { Domain } from './domain';
import { id, noInput } from './models';

/**
 * The streaming services a person pays for, in their region: chosen once in Settings, kept as a
 * preference that follows them to every computer (`preference.set` of the key
 * {@link MY_SERVICES_KEY}), and included in backups.
 */

/** A provider as Marquee shows it: TMDB's id, name and logo. Names from TMDB are bounded. */
export const serviceRef = z.object({
  id,
  name: z.string().min(1).max(200),
  logoPath: z.string().max(300).nullable(),
});
export type ServiceRef = z.infer<typeof serviceRef>;

export const myServices = z.object({
  /** ISO 3166-1 country whose offers count. */
  region: z.string().regex(/^[A-Z]{2}$/, 'expected a country code like US'),
  /** The services chosen, in the order the person put them. */
  providers: z.array(serviceRef).max(100),
  /** Whether free and with-ads offers count as "on my services", beside subscriptions. */
  includeFree: z.boolean(),
});
export type MyServices = z.infer<typeof myServices>;

/** The preference key that holds {@link MyServices}. */
export const MY_SERVICES_KEY = 'services';

/** Before the first choice: no services, subscriptions only, in `region` (from the OS locale). */
export const noServices = (region: string): MyServices => ({
  region,
  providers: [],
  includeFree: false,
});

const region = z.string().regex(/^[A-Z]{2}$/, 'expected a country code like US');

/** What Settings shows: my services, whether they were ever chosen, the region to suggest. */
export const servicesState = z.object({
  services: myServices,
  /** False until the person first saves a choice (on any of their computers). */
  chosen: z.boolean(),
  /** The region of the operating system's locale, offered before the first choice. */
  suggestedRegion: region,
  /**
   * Said once after a first choice (or a change of region or services), when the titles on the
   * watchlist and followed series have been looked up: how many stream on my services now.
   */
  summary: z.object({ titles: z.number().int().min(0), region }).nullable(),
});
export type ServicesState = z.infer<typeof servicesState>;

/** A provider to choose from, in TMDB's order for the region (most watched first). */
export const catalogueProvider = serviceRef.extend({ priority: z.number().int() });
export type CatalogueProvider = z.infer<typeof catalogueProvider>;

export const catalogueRegion = z.object({ code: region, name: z.string().min(1).max(200) });
export type CatalogueRegion = z.infer<typeof catalogueRegion>;

export const servicesCatalogue = z.object({
  region,
  /** Films' and series' providers in the region, together, without repeats. */
  providers: z.array(catalogueProvider),
  regions: z.array(catalogueRegion),
  /** True when any part came from a copy past its freshness (offline, say). */
  stale: z.boolean(),
});
export type ServicesCatalogue = z.infer<typeof servicesCatalogue>;

export const servicesChannels = {
  /** My services, whether they were chosen, the suggested region and the once-only summary. */
  'services.get': { input: noInput, output: servicesState },
  /** Saves my services (a preference that follows me to my other computers). */
  'services.set': { input: myServices, output: servicesState },
  /** The providers and regions to choose from; offline from the cache once seen. */
  'services.catalogue': {
    input: z.object({ region: region.optional() }),
    output: servicesCatalogue,
  },
  /** The summary was shown: it is not said again. */
  'services.dismissSummary': {
    input: noInput,
    output: servicesState,
  },
} as const;

export const servicesEvents = {
  /** My services changed (here or on another computer), or the summary is ready. */
  'services.changed': servicesState,
} as const;

export type ServicesChannel = keyof typeof servicesChannels;
export type ServicesEvent = keyof typeof servicesEvents;

export const servicesDomain = {
  channels: servicesChannels,
  events: servicesEvents,
} satisfies Domain;
