import { z } from 'zod';
import type { Domain } from './domain';
import { id, media } from './models';

/**
 * Picks for the person, worked out on this computer from their history, ratings and what the
 * cache holds (TMDB's recommendations and similar titles of what they loved), never something
 * they watched, hid or said they are not interested in. Every pick says why it is there.
 */

/** The most picks one call returns. */
export const PICKS_MAX = 200;

/** The preference that remembers "not interested" in one title: `picks.hidden:movie:603`. */
export const pickHiddenKey = (mediaType: 'movie' | 'tv', titleId: number): string =>
  `picks.hidden:${mediaType}:${titleId}`;
export const PICK_HIDDEN_PREFIX = 'picks.hidden:';

/** The title a pick comes from: what the person watched, rewatched or rated. */
export const pickSeed = z.object({
  mediaType: media,
  id,
  title: z.string().max(300),
  /** How the person showed they liked it. */
  kind: z.enum(['rated', 'rewatched', 'watched']),
  /** Their rating out of 10, when they rated it. */
  rating: z.number().min(0.5).max(10).nullable(),
});
export type PickSeed = z.infer<typeof pickSeed>;

export const pick = z.object({
  mediaType: media,
  id,
  /** Bounded; a title TMDB left empty is named "Untitled film" or "Untitled series". */
  title: z.string().max(300),
  posterPath: z.string().max(300).nullable(),
  /** `YYYY-MM-DD` release or first air date; null when unknown or not a date. */
  date: z.string().nullable(),
  voteAverage: z.number().min(0).max(10).nullable(),
  voteCount: z.number().int().min(0).nullable(),
  /** Higher ranks first; comparable within one answer only. */
  score: z.number(),
  /** Where it comes from; null for a popular title (no history). */
  because: pickSeed.nullable(),
  /** The sentence shown with the pick: "Because you watched Arrival". */
  reason: z.string().max(400),
});
export type PickView = z.infer<typeof pick>;

export const picksList = z.object({
  /**
   * `history`: worked out from what the person watched and rated. `popular`: they have no history
   * to go on (or none of it has recommendations cached yet), so these are popular titles.
   */
  basis: z.enum(['history', 'popular']),
  /** For `popular`: whether the titles were chosen on the person's services (else all of TMDB's). */
  onServices: z.boolean(),
  items: z.array(pick),
  /** When the ranking was worked out (ms since the epoch). */
  computedAt: z.number(),
  /** Titles of the history the ranking started from. */
  seeds: z.number().int().min(0),
  /** Of those, how many have no recommendations cached yet (fetched a few at a time when online). */
  seedsWaiting: z.number().int().min(0),
});
export type PicksListView = z.infer<typeof picksList>;

const titleRef = z.object({ mediaType: media, id }).strict();

export const picksChannels = {
  'picks.list': {
    input: z
      .object({ limit: z.number().int().min(1).max(PICKS_MAX).default(20) })
      .strict()
      .default({ limit: 20 }),
    output: picksList,
  },
  /** "Not interested": remembered as a preference, so it syncs and is backed up. */
  'picks.dismiss': {
    input: titleRef,
    output: z.object({ hidden: z.literal(true) }),
  },
  /** Undoes a "not interested". */
  'picks.undismiss': {
    input: titleRef,
    output: z.object({ hidden: z.literal(false) }),
  },
} as const;

export const picksEvents = {
  /** The picks were worked out again (more of the cache filled, a title dismissed elsewhere). */
  'picks.changed': z.object({ computedAt: z.number() }),
} as const;

export type PicksChannel = keyof typeof picksChannels;
export type PicksEvent = keyof typeof picksEvents;

export const picksDomain = {
  channels: picksChannels,
  events: picksEvents,
} satisfies Domain;
