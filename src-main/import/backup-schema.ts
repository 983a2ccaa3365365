import { z } from 'zod';
import { PREFERENCE_KEY } from '../changes/preferences';
import { play as playSchema, settings as settingsSchema } from '../../src-shared/ipc/contract';
import {
  keptInboxBody,
  keptInboxTitle,
  keptListDescription,
  keptListName,
} from '../../src-shared/text/limits';

/**
 * The backup document (`format: "marquee-backup"`, version 1). Its limits are the library's own
 * (src-shared/text/limits.ts), so whatever Marquee holds, its backup can be read back.
 */

const id = z.number().int().positive();
export const mediaRef = z.object({ mediaType: z.enum(['movie', 'tv']), mediaId: id });
export const ratingTarget = z.discriminatedUnion('mediaType', [
  z.object({ mediaType: z.enum(['movie', 'tv']), mediaId: id }),
  z.object({
    mediaType: z.literal('episode'),
    mediaId: id,
    season: z.number().int().min(0),
    episode: z.number().int().min(1),
  }),
]);

export const backupSchema = z.object({
  format: z.literal('marquee-backup'),
  version: z.literal(1),
  createdAt: z.number().int().min(0),
  app: z.object({ version: z.string().max(100) }),
  library: z.object({
    watchlist: z.array(mediaRef).max(100_000),
    favorites: z.array(mediaRef).max(100_000),
    ratings: z
      .array(
        z.object({
          target: ratingTarget,
          value: z
            .number()
            .min(0.5)
            .max(10)
            .refine((v) => Number.isInteger(v * 2), 'a rating is a multiple of 0.5'),
        }),
      )
      .max(100_000),
    lists: z
      .array(
        z.object({
          /**
           * The list's identity in the profile that wrote the backup (TMDB's list id, or
           * `local-…` for a list not yet sent); older backups have none.
           */
          id: z.string().min(1).max(100).optional(),
          // Text as the library keeps it (src-shared/text/limits.ts): what Marquee holds, a
          // backup holds; longer text from an older backup is cut as the library cuts it.
          name: keptListName(),
          description: keptListDescription(),
          movieIds: z.array(id).max(20_000),
        }),
      )
      .max(1_000),
  }),
  // A play's time is checked per play when restoring (play-times.ts), so one bad date in an
  // old backup loses only that play, never the whole backup.
  history: z.array(playSchema.extend({ watchedAt: z.number().nullable() })).max(1_000_000),
  series: z
    .array(
      z.object({
        seriesId: id,
        follow: z.enum(['none', 'follow', 'unfollow']),
        includeSpecials: z.boolean(),
        hidden: z.boolean(),
        snoozedUntil: z.number().int().nullable(),
      }),
    )
    .max(100_000),
  inbox: z
    .array(
      z.object({
        key: z.string().min(1).max(300),
        kind: z.enum(['episode', 'release', 'arrival']),
        mediaId: id,
        season: z.number().int().nullable(),
        episode: z.number().int().nullable(),
        releaseType: z.number().int().min(1).max(6).nullable(),
        title: keptInboxTitle(),
        body: keptInboxBody(),
        occurredAt: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
        createdAt: z.number().int().min(0),
        readAt: z.number().int().min(0).nullable(),
      }),
    )
    .max(200_000),
  settings: settingsSchema.partial(),
  /** Preferences that follow the person (my services, titles not of interest); older backups have none. */
  preferences: z
    .array(
      z.object({
        key: z.string().regex(PREFERENCE_KEY),
        // JSON has no undefined: a key without its value is left out when restoring.
        value: z.unknown(),
      }),
    )
    .max(100_000)
    .optional(),
});
export type Backup = z.infer<typeof backupSchema>;
export type MediaRef = z.infer<typeof mediaRef>;
