import { z } from 'zod';
import { int, stringId, tmdbId } from './fields';

/** A trailer, teaser or clip hosted on a video site (`site` + `key` make the URL). */
export const video = z.looseObject({
  id: stringId,
  iso_639_1: z.string(),
  iso_3166_1: z.string(),
  key: z.string(),
  name: z.string(),
  site: z.string(),
  size: int,
  type: z.string(),
  official: z.boolean().optional(),
  published_at: z.string().optional(),
});
export type Video = z.infer<typeof video>;

/** `append_to_response=videos`. */
export const videos = z.looseObject({
  id: tmdbId.optional(),
  results: z.array(video),
});
export type Videos = z.infer<typeof videos>;
