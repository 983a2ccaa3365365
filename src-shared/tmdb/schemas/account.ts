import { z } from 'zod';
import { imagePath, tmdbId } from './fields';

/**
 * A TMDB account. The avatar has a third-party block (`gravatar.hash`) and TMDB's own block
 * (`tmdb.avatar_path`); accounts shown in older responses have no `tmdb` block.
 */
export const account = z.looseObject({
  avatar: z.looseObject({
    gravatar: z.looseObject({ hash: z.string() }),
    tmdb: z.looseObject({ avatar_path: imagePath }).optional(),
  }),
  id: tmdbId,
  include_adult: z.boolean(),
  iso_3166_1: z.string(),
  iso_639_1: z.string(),
  name: z.string(),
  username: z.string(),
});
export type Account = z.infer<typeof account>;
