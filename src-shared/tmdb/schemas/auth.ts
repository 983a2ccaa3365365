import { z } from 'zod';

/**
 * Authentication answers. Every string here except `expires_at` is a secret: parse it, hand it to the
 * credential store, never log it or send it to the renderer (see redact.ts).
 */

/** `expires_at` is TMDB's `YYYY-MM-DD HH:MM:SS UTC` form, not ISO 8601. */
const expiresAt = z.string();

/** GET /3/authentication/token/new and POST /3/authentication/token/validate_with_login. */
export const requestToken = z.looseObject({
  success: z.boolean(),
  expires_at: expiresAt,
  request_token: z.string().min(1),
});
export type RequestToken = z.infer<typeof requestToken>;

/** POST /3/authentication/session/new. */
export const newSession = z.looseObject({
  success: z.boolean(),
  session_id: z.string().min(1),
});
export type NewSession = z.infer<typeof newSession>;

/** GET /3/authentication/guest_session/new. */
export const newGuestSession = z.looseObject({
  success: z.boolean(),
  guest_session_id: z.string().min(1),
  expires_at: expiresAt,
});
export type NewGuestSession = z.infer<typeof newGuestSession>;

/** DELETE /3/authentication/session. */
export const deletedSession = z.looseObject({ success: z.boolean() });
export type DeletedSession = z.infer<typeof deletedSession>;

/** Request bodies. */
export const validateWithLoginBody = z.object({
  username: z.string().min(1),
  password: z.string().min(1),
  request_token: z.string().min(1),
});
export const requestTokenBody = z.object({ request_token: z.string().min(1) });
export const sessionIdBody = z.object({ session_id: z.string().min(1) });
