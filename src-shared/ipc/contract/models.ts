import { z } from 'zod';
import { endpoints } from '../../tmdb/endpoints';

/** Where a result came from and how old it is; every data-bearing reply carries it. */
export const provenance = z.object({
  source: z.enum(['network', 'cache']),
  /** When the data was fetched from TMDB, in ms since the epoch. */
  fetchedAt: z.number(),
  /** True when the cached copy is past its freshness window (served while revalidating, or offline). */
  stale: z.boolean(),
});
export type Provenance = z.infer<typeof provenance>;

/** The input of a channel that takes none: nothing, null or an empty object. */
export const noInput = z.union([z.undefined(), z.null(), z.object({}).strict()]);
/** A TMDB id of a film, series, person, genre or provider. */
export const id = z.number().int().positive();
/** A page of a TMDB list; TMDB serves at most 500. */
export const page = z.number().int().min(1).max(500).default(1);
export const media = z.enum(['movie', 'tv']);
/** What a user typed to search for: trimmed, never empty. */
export const searchText = z.string().trim().min(1, 'type something to search').max(200);

/** A TMDB response with its provenance. */
export function fetched<T extends z.ZodType>(data: T) {
  return z.object({ data, meta: provenance });
}

/** The response schema of an endpoint of the TMDB table, so a reply is checked as TMDB's own. */
export const responseOf = <K extends keyof typeof endpoints>(
  key: K,
): (typeof endpoints)[K]['response'] => endpoints[key].response;
