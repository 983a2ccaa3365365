import { z } from 'zod';
import type { ExternalIds } from '../types';
import { boundedTitle } from './http';
import { idsFromPlexGuids, intOrNull } from './ids';

/** Plex's JSON answers, as much of them as Marquee reads; everything else is ignored. */

const guid = z.object({ id: z.unknown() });
export const plexItem = z.object({
  ratingKey: z.union([z.string(), z.number()]),
  type: z.string(),
  title: z.string().nullish(),
  grandparentTitle: z.string().nullish(),
  parentIndex: z.number().nullish(),
  index: z.number().nullish(),
  year: z.number().nullish(),
  guid: z.string().nullish(),
  Guid: z.array(guid).nullish(),
  viewCount: z.number().nullish(),
  lastViewedAt: z.number().nullish(),
  viewOffset: z.number().nullish(),
  duration: z.number().nullish(),
  sessionKey: z.union([z.string(), z.number()]).nullish(),
  User: z
    .object({ id: z.union([z.string(), z.number()]).nullish(), title: z.string().nullish() })
    .nullish(),
});
export type PlexItem = z.infer<typeof plexItem>;

const container = <T extends z.ZodType>(inner: T) => z.object({ MediaContainer: inner });

export const identityReply = container(z.looseObject({ machineIdentifier: z.string().nullish() }));
export const accountsReply = container(
  z.object({
    Account: z
      .array(z.object({ id: z.union([z.string(), z.number()]), name: z.string().nullish() }))
      .nullish(),
  }),
);
export const sectionsReply = container(
  z.object({
    Directory: z
      .array(z.object({ key: z.union([z.string(), z.number()]), type: z.string() }))
      .nullish(),
  }),
);
export const itemsReply = container(
  z.object({
    Metadata: z.array(plexItem).nullish(),
    totalSize: z.number().nullish(),
    size: z.number().nullish(),
  }),
);

/** The item's ids, its title (film title or series name), year, season and episode. */
export interface PlexItemFacts {
  itemKey: string;
  media: 'movie' | 'episode';
  ids: ExternalIds;
  title: string | null;
  year: number | null;
  season: number | null;
  episode: number | null;
}

/** What Marquee keeps of a Plex item, or null for anything but a film or an episode. */
export function plexFacts(it: PlexItem): PlexItemFacts | null {
  if (it.type !== 'movie' && it.type !== 'episode') return null;
  const ids = idsFromPlexGuids(it.Guid ?? undefined, it.guid);
  const itemKey = String(it.ratingKey);
  if (it.type === 'movie') {
    return {
      itemKey,
      media: 'movie',
      ids,
      title: boundedTitle(it.title),
      year: intOrNull(it.year),
      season: null,
      episode: null,
    };
  }
  return {
    itemKey,
    media: 'episode',
    ids,
    title: boundedTitle(it.grandparentTitle),
    year: null,
    season: intOrNull(it.parentIndex),
    episode: intOrNull(it.index),
  };
}
