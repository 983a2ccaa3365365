import { z } from 'zod';
import { tmdbId } from './fields';

export const genre = z.looseObject({ id: tmdbId, name: z.string() });
export type Genre = z.infer<typeof genre>;

/** GET /3/genre/movie/list and /3/genre/tv/list. */
export const genreList = z.looseObject({ genres: z.array(genre) });
export type GenreList = z.infer<typeof genreList>;
