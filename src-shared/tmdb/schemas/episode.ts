import { z } from 'zod';
import { imagePath, int, isoDate, tmdbId } from './fields';

/**
 * Fields of an episode as listed in an episode group, a season, or a series' last/next episode.
 * `episode_type` is `standard`, `finale` (and `mid_season` on newer data).
 */
export const episodeFields = {
  air_date: isoDate,
  episode_number: int,
  episode_type: z.string(),
  id: tmdbId,
  name: z.string(),
  overview: z.string(),
  production_code: z.string(),
  runtime: int.nullable(),
  season_number: int,
  show_id: int,
  still_path: imagePath,
  vote_average: z.number(),
  vote_count: int,
};

export const episodeSummary = z.looseObject(episodeFields);
export type EpisodeSummary = z.infer<typeof episodeSummary>;
