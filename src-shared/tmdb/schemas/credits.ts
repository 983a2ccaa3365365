import { z } from 'zod';
import { tolerantArray } from './tolerant';
import { gender, imagePath, int, tmdbId } from './fields';

const creditPersonFields = {
  adult: z.boolean(),
  credit_id: z.string(),
  gender,
  id: tmdbId,
  known_for_department: z.string(),
  name: z.string(),
  original_name: z.string(),
  popularity: z.number(),
  profile_path: imagePath,
};

/**
 * A cast member or guest star of an episode, a season or a film. Older guest-star entries name the
 * role `character_name` instead of `character`.
 */
export const castMember = z.looseObject({
  ...creditPersonFields,
  character: z.string().optional(),
  character_name: z.string().optional(),
  order: int,
});
export type CastMember = z.infer<typeof castMember>;

/** A crew member of an episode, a season or a film. */
export const crewMember = z.looseObject({
  ...creditPersonFields,
  department: z.string(),
  job: z.string(),
});
export type CrewMember = z.infer<typeof crewMember>;

/** GET /3/tv/{series_id}/season/{season_number}/episode/{episode_number}/credits. */
export const episodeCredits = z.looseObject({
  cast: tolerantArray(castMember),
  crew: tolerantArray(crewMember),
  guest_stars: tolerantArray(castMember),
  id: tmdbId.optional(),
});
export type EpisodeCredits = z.infer<typeof episodeCredits>;

/** Credits of a film or a season, as appended to its details (`append_to_response=credits`). */
export const credits = z.looseObject({
  cast: tolerantArray(castMember),
  crew: tolerantArray(crewMember),
  id: tmdbId.optional(),
});
export type Credits = z.infer<typeof credits>;
