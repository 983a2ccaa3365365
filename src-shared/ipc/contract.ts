import { z } from 'zod';
import { country, departmentJobs } from '../tmdb/schemas/reference';
import type { ChannelName, EventName } from './channels';

/** Where a result came from and how old it is; every data-bearing reply carries it. */
export const provenance = z.object({
  source: z.enum(['network', 'cache']),
  /** When the data was fetched from TMDB, in ms since the epoch. */
  fetchedAt: z.number(),
  /** True when the cached copy is past its freshness window (served while revalidating, or offline). */
  stale: z.boolean(),
});
export type Provenance = z.infer<typeof provenance>;

const noInput = z.union([z.undefined(), z.null(), z.object({}).strict()]);

/** The IPC contract: every channel's input and output schema, and every event's payload. */
export const contract = {
  'app.info': {
    input: noInput,
    output: z.object({
      name: z.string(),
      version: z.string(),
      platform: z.string(),
      dataDir: z.string(),
      apiBase: z.string(),
      imageBase: z.string(),
      /** True when Marquee runs against its built-in demo catalogue rather than TMDB. */
      demo: z.boolean(),
    }),
  },
  'reference.countries': {
    input: noInput,
    output: z.object({ items: z.array(country), meta: provenance }),
  },
  'reference.jobs': {
    input: noInput,
    output: z.object({ items: z.array(departmentJobs), meta: provenance }),
  },
} as const satisfies Record<ChannelName, { input: z.ZodType; output: z.ZodType }>;

export const events = {
  'network.status': z.object({
    online: z.boolean(),
    /** When the state last changed, ms since the epoch. */
    since: z.number(),
    /** Why the app believes it is offline (a redacted, human-readable reason). */
    reason: z.string().optional(),
  }),
} as const satisfies Record<EventName, z.ZodType>;

export type Contract = typeof contract;
export type ChannelInput<C extends ChannelName> = z.input<Contract[C]['input']>;
export type ChannelOutput<C extends ChannelName> = z.output<Contract[C]['output']>;
export type EventPayload<E extends EventName> = z.output<(typeof events)[E]>;
