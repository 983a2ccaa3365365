import { z } from 'zod';
import { account } from '../../tmdb/schemas/account';
import type { Domain } from './domain';
import { fetched, noInput } from './models';

export const credentialStorage = z.object({
  kind: z.enum(['keychain', 'encrypted-file', 'memory']),
  persistent: z.boolean(),
  reason: z.string().optional(),
});

/** What the renderer may know about the session: never the session id itself. */
export const authStatus = z.object({
  state: z.enum(['signed_out', 'user', 'guest']),
  account: z.object({ id: z.number().int(), username: z.string(), name: z.string() }).nullable(),
  guestExpiresAt: z.number().nullable(),
  storage: credentialStorage,
  /** The app-level TMDB credentials in use. */
  appCredentials: z.enum(['user-token', 'environment', 'demo', 'none']),
  /** A sign-in through the browser is waiting for approval. */
  approvalPending: z.boolean(),
});
export type AuthStatus = z.infer<typeof authStatus>;

const flowId = z.string().min(1).max(100);

/** Signing in and out, the app's TMDB credentials, and the signed-in account. */
export const authChannels = {
  'auth.status': { input: noInput, output: authStatus },
  /** Starts the browser sign-in: main opens TMDB's approval page; the renderer never sees the token. */
  'auth.beginApproval': {
    input: noInput,
    output: z.object({ flowId: z.string(), expiresAt: z.number() }),
  },
  /** "I have approved": finishes the sign-in when the loopback redirect did not arrive. */
  'auth.completeApproval': { input: z.object({ flowId }), output: authStatus },
  'auth.cancelApproval': { input: z.object({ flowId }), output: authStatus },
  'auth.login': {
    input: z.object({
      username: z.string().trim().min(1).max(200),
      password: z.string().min(1).max(500),
    }),
    output: authStatus,
  },
  'auth.guest': { input: noInput, output: authStatus },
  /** Signs out; refuses with `conflict` while unsent changes wait, unless `discardPending`. */
  'auth.signOut': {
    input: z.object({ discardPending: z.boolean().default(false) }),
    output: authStatus,
  },
  'credentials.setAppToken': {
    input: z.object({
      kind: z.enum(['accessToken', 'apiKey']),
      value: z.string().trim().min(16).max(1000),
    }),
    output: authStatus,
  },
  'credentials.clearAppToken': { input: noInput, output: authStatus },
  'account.details': { input: noInput, output: fetched(account) },
} as const;

export const authEvents = { 'auth.changed': authStatus } as const;

export type AuthChannel = keyof typeof authChannels;

export const authDomain = { channels: authChannels, events: authEvents } satisfies Domain;
