import { z } from 'zod';
import { CredentialError } from './errors';
import type { CredentialStore } from './store';

/** A TMDB session as Marquee keeps it. Times are epoch milliseconds. */
export const storedSessionSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('user'),
    sessionId: z.string().min(1),
    accountId: z.number().int().nonnegative(),
    createdAt: z.number().int().nonnegative(),
  }),
  z.object({
    kind: z.literal('guest'),
    guestSessionId: z.string().min(1),
    expiresAt: z.number().int().nonnegative(),
  }),
]);

export type StoredSession = z.infer<typeof storedSessionSchema>;

const SESSION = 'tmdb.session';

/**
 * Parses a stored session. An expired guest session counts as none (TMDB would refuse it); a value
 * that is not a session is an error, so the caller can ask the user to sign in again.
 */
export function parseSession(text: string, now: number): StoredSession | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const parsed = storedSessionSchema.safeParse(json);
  if (!parsed.success) {
    // The zod issues are left out on purpose: they could quote the stored session id.
    throw new CredentialError(
      'corrupt',
      'The saved TMDB session is damaged; please sign in again.',
    );
  }
  const session = parsed.data;
  if (session.kind === 'guest' && session.expiresAt <= now) return null;
  return session;
}

/** Validates and serializes a session; bad input is refused before anything is stored. */
export function serializeSession(session: StoredSession): string {
  const parsed = storedSessionSchema.safeParse(session);
  if (!parsed.success) {
    throw new CredentialError('invalid_value', 'That is not a valid TMDB session.');
  }
  return JSON.stringify(parsed.data);
}

/** The current session, or null when there is none or a guest session has expired. */
export async function readSession(
  store: CredentialStore,
  now: number,
): Promise<StoredSession | null> {
  const text = await store.get(SESSION);
  return text === null ? null : parseSession(text, now);
}

export async function writeSession(store: CredentialStore, session: StoredSession): Promise<void> {
  await store.set(SESSION, serializeSession(session));
}
