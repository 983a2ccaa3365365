import { z } from 'zod';

/**
 * TMDB's status response, `{ success, status_code, status_message }`. Writes answer with it on
 * success (list clear: HTTP 201), and every error body has this shape with `success: false`.
 */
export const statusResponse = z.looseObject({
  status_code: z.number(),
  status_message: z.string(),
  success: z.boolean().optional(),
});
export type StatusResponse = z.infer<typeof statusResponse>;

/** TMDB's error body. Older error bodies omit `success`; some carry an `errors` array instead. */
export const tmdbError = z.union([
  z.looseObject({
    success: z.literal(false).optional(),
    status_code: z.number(),
    status_message: z.string(),
  }),
  z.looseObject({
    errors: z.array(z.string()),
    success: z.literal(false).optional(),
  }),
]);
export type TmdbError = z.infer<typeof tmdbError>;
