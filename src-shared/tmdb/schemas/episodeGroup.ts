import { z } from 'zod';
import { imagePath, int, stringId, tmdbId } from './fields';
import { episodeFields } from './episode';

/** An episode inside an episode group; `order` is its zero-based position in the group. */
export const groupEpisode = z.looseObject({
  ...episodeFields,
  order: int,
  // Real groups hold episodes not yet dated, and older ones lack these fields.
  air_date: episodeFields.air_date.nullable(),
  episode_type: z.string().optional(),
  production_code: z.string().nullable(),
  runtime: episodeFields.runtime.optional(),
});
export type GroupEpisode = z.infer<typeof groupEpisode>;

export const episodeGroupGroup = z.looseObject({
  id: stringId,
  name: z.string(),
  order: int,
  locked: z.boolean(),
  episodes: z.array(groupEpisode),
});
export type EpisodeGroupGroup = z.infer<typeof episodeGroupGroup>;

/** GET /3/tv/episode_group/{group_id}. */
export const episodeGroup = z.looseObject({
  description: z.string(),
  episode_count: int,
  group_count: int,
  groups: z.array(episodeGroupGroup),
  id: stringId,
});
export type EpisodeGroup = z.infer<typeof episodeGroup>;

/** A network as embedded in episode groups and series details. */
export const network = z.looseObject({
  id: tmdbId,
  name: z.string(),
  // Absent in series details recorded before TMDB added them.
  logo_path: imagePath.optional(),
  origin_country: z.string().optional(),
});
export type Network = z.infer<typeof network>;

/**
 * An episode group in a series' list of groups. `type`: 1 original air date, 2 absolute,
 * 3 DVD, 4 digital, 5 story arc, 6 production, 7 TV.
 */
export const episodeGroupSummary = z.looseObject({
  description: z.string(),
  episode_count: int,
  group_count: int,
  id: stringId,
  name: z.string(),
  network: network.nullable(),
  type: int,
});
export type EpisodeGroupSummary = z.infer<typeof episodeGroupSummary>;

/** GET /3/tv/{series_id}/episode_groups. */
export const episodeGroupList = z.looseObject({
  id: tmdbId,
  results: z.array(episodeGroupSummary),
});
export type EpisodeGroupList = z.infer<typeof episodeGroupList>;
