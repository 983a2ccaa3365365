import { z } from 'zod';
import type { Domain } from './domain';
import { id, media } from './models';
import { serviceRef } from './services';

/** A film or a series, as the availability channel names it. */
export const titleRef = z.object({ mediaType: media, id });

export const titleAvailability = titleRef.extend({
  /** false: no provider data is cached for this title yet (unknown, not "nowhere"). */
  known: z.boolean(),
  /** My services that stream it now in my region, in my order; [] when none. */
  services: z.array(serviceRef),
  /**
   * Known only from a discover page asked for titles on several of my services: it streams on
   * one of these, which one is not known (in my order). Absent otherwise.
   */
  oneOf: z.array(serviceRef).optional(),
});
export type TitleAvailability = z.infer<typeof titleAvailability>;

/** The most titles one call asks about: a page of a list, or a slice of a long watchlist. */
export const AVAILABILITY_MAX_ITEMS = 1000;

/**
 * Where titles stream for me, from the cache's availability index (every watch-provider response
 * the cache stored) and my services: a subscription counts, and free or with-ads offers too when
 * I chose so. Local and offline; it never calls TMDB.
 */
export const availabilityChannels = {
  'services.availability': {
    input: z.object({
      items: z
        .array(titleRef)
        .min(1, 'ask about at least one title')
        .max(AVAILABILITY_MAX_ITEMS, `ask about at most ${String(AVAILABILITY_MAX_ITEMS)} titles`),
    }),
    output: z.object({
      /** The region whose offers count: mine. */
      region: z.string(),
      /** One per title asked about, in the order asked. */
      items: z.array(titleAvailability),
    }),
  },
} as const;

export type AvailabilityChannel = keyof typeof availabilityChannels;

export const availabilityDomain = { channels: availabilityChannels, events: {} } satisfies Domain;
