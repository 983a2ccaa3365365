import { z } from 'zod';
import type { Domain } from './domain';
import { noInput } from './models';

/** The local cache of responses, titles, people and images: its size, and emptying it. */
export const cacheChannels = {
  'cache.status': {
    input: noInput,
    output: z.object({
      responses: z.number().int(),
      responseBytes: z.number().int(),
      titles: z.number().int(),
      people: z.number().int(),
      images: z.number().int(),
      imageBytes: z.number().int(),
      imageLimitBytes: z.number().int(),
    }),
  },
  'cache.clear': { input: noInput, output: z.object({ freedBytes: z.number().int() }) },
} as const;

export type CacheChannel = keyof typeof cacheChannels;

export const cacheDomain = { channels: cacheChannels, events: {} } satisfies Domain;
