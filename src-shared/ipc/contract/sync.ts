import { z } from 'zod';
import type { Domain } from './domain';
import { noInput } from './models';

export const outboxEntry = z.object({
  seq: z.number().int(),
  /** A sentence for the UI, e.g. "Add “Arrival” to the watchlist". */
  label: z.string(),
  status: z.enum([
    'pending',
    'in_flight',
    'failed',
    'sent',
    'collapsed',
    'superseded',
    'cancelled',
  ]),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  queuedAt: z.number(),
  nextAttemptAt: z.number().nullable(),
});
export type OutboxEntryView = z.infer<typeof outboxEntry>;

/** A stored change that could not be read: set aside (kept, not sent) and shown with its reason. */
export const deadLetter = z.object({
  source: z.string(),
  key: z.string(),
  reason: z.string(),
  foundAt: z.number(),
});
export type DeadLetterView = z.infer<typeof deadLetter>;

/** One part of the account (e.g. the series watchlist) whose last pull failed; the rest was kept. */
export const pullFailure = z.object({
  part: z.string(),
  message: z.string(),
});
export type PullFailure = z.infer<typeof pullFailure>;

export const syncStatus = z.object({
  running: z.boolean(),
  total: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  pending: z.number().int(),
  lastSyncedAt: z.number().nullable(),
  lastError: z.string().nullable(),
  /** Parts of the last account pull that failed; empty when every part was read. */
  pullFailures: z.array(pullFailure),
});
export type SyncStatus = z.infer<typeof syncStatus>;

/** The outbox of local changes on their way to TMDB. */
export const syncChannels = {
  'sync.now': { input: noInput, output: syncStatus },
  'sync.outbox': {
    input: noInput,
    output: z.object({
      entries: z.array(outboxEntry),
      deadLetters: z.array(deadLetter),
      status: syncStatus,
    }),
  },
  'sync.retryFailed': { input: noInput, output: syncStatus },
} as const;

export const syncEvents = { 'sync.status': syncStatus } as const;

export type SyncChannel = keyof typeof syncChannels;

export const syncDomain = { channels: syncChannels, events: syncEvents } satisfies Domain;
