import { z } from 'zod';
import { int, tmdbId } from './fields';

/** One image file of a title or person (`append_to_response=images`). */
export const imageFile = z.looseObject({
  aspect_ratio: z.number(),
  file_path: z.string(),
  height: int,
  width: int,
  iso_639_1: z.string().nullable(),
  vote_average: z.number(),
  vote_count: int,
});
export type ImageFile = z.infer<typeof imageFile>;

/** Images of a film or series; each kind may be absent depending on what was asked for. */
export const titleImages = z.looseObject({
  id: tmdbId.optional(),
  backdrops: z.array(imageFile).optional(),
  logos: z.array(imageFile).optional(),
  posters: z.array(imageFile).optional(),
});
export type TitleImages = z.infer<typeof titleImages>;

/** Images of a person. */
export const personImages = z.looseObject({
  id: tmdbId.optional(),
  profiles: z.array(imageFile),
});
export type PersonImages = z.infer<typeof personImages>;

/** Stills of a season or an episode. */
export const stillImages = z.looseObject({
  id: tmdbId.optional(),
  posters: z.array(imageFile).optional(),
  stills: z.array(imageFile).optional(),
});
export type StillImages = z.infer<typeof stillImages>;
