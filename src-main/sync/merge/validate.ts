import { z } from 'zod';
import {
  PREFERENCE_KEY,
  PREFERENCE_MAX_CHARS,
  type PreferenceSet,
} from '../../changes/preferences';
import type { SharedChange } from '../../changes/types';
import type {
  InboxRead,
  PlaysAdded,
  PlaysRemoved,
  SeriesFollow,
  SeriesHidden,
  SeriesSnooze,
  SeriesSpecials,
} from '../../tracking/changes';
import { playSources, type ReleaseType } from '../../tracking/types';

/**
 * What a change read from another computer's file must look like before it is stored: files are
 * authenticated, so this guards against another Marquee version's shapes, not against an
 * attacker. A change of a kind this version does not know is not stored, so a later version that
 * reads the file again can still apply it.
 */
const key = z.string().min(1).max(200);
const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const time = z.number().int().min(0).max(9_999_999_999_999);
const episodeNumber = z.number().int().min(0).max(1_000_000);

const play = z
  .object({
    uid: key,
    mediaType: z.enum(['movie', 'episode']),
    mediaId: id,
    season: episodeNumber.nullable(),
    episode: episodeNumber.nullable(),
    watchedAt: time.nullable(),
    source: z.enum(playSources),
    createdAt: time,
  })
  .refine((p) => (p.mediaType === 'movie') === (p.season === null && p.episode === null), {
    message: 'an episode play has its numbers, a film play none',
  });

const seriesId = { seriesId: id };
const inboxKey = z.object({
  kind: z.enum(['episode', 'release', 'arrival']),
  mediaId: id,
  season: episodeNumber.nullable(),
  episode: episodeNumber.nullable(),
  releaseType: z.union([1, 2, 3, 4, 5, 6].map((n) => z.literal(n as ReleaseType))).nullable(),
  region: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .nullable(),
  // An arrival's film or series and provider; files written before arrivals have neither.
  mediaType: z.enum(['movie', 'tv']).optional(),
  providerId: id.optional(),
});

/** Per kind: its domain, and the shape of its data. */
const kinds = {
  'plays.add': {
    domain: 'tracking',
    data: z.object({ plays: z.array(play).max(100_000) }) satisfies z.ZodType<PlaysAdded>,
  },
  'plays.remove': {
    domain: 'tracking',
    data: z.object({
      uids: z.array(key).max(100_000),
      seriesIds: z.array(id),
      movieIds: z.array(id),
    }) satisfies z.ZodType<PlaysRemoved>,
  },
  'series.follow': {
    domain: 'tracking',
    data: z.object({
      ...seriesId,
      follow: z.enum(['none', 'follow', 'unfollow']),
    }) satisfies z.ZodType<SeriesFollow>,
  },
  'series.specials': {
    domain: 'tracking',
    data: z.object({
      ...seriesId,
      includeSpecials: z.boolean(),
    }) satisfies z.ZodType<SeriesSpecials>,
  },
  'series.hidden': {
    domain: 'tracking',
    data: z.object({ ...seriesId, hidden: z.boolean() }) satisfies z.ZodType<SeriesHidden>,
  },
  'series.snooze': {
    domain: 'tracking',
    data: z.object({ ...seriesId, until: time.nullable() }) satisfies z.ZodType<SeriesSnooze>,
  },
  'inbox.read': {
    domain: 'inbox',
    data: z.object({
      readAt: time,
      items: z.array(inboxKey).max(100_000),
    }) satisfies z.ZodType<InboxRead>,
  },
  'import.decide': { domain: 'import', data: z.unknown() },
  'preference.set': {
    domain: 'preferences',
    data: z
      .object({ key: z.string().regex(PREFERENCE_KEY), value: z.unknown() })
      .refine((d) => d.value !== undefined, { message: 'a preference has a value' })
      .refine((d) => JSON.stringify(d.value).length <= PREFERENCE_MAX_CHARS, {
        message: 'a preference is small',
      }) satisfies z.ZodType<PreferenceSet>,
  },
} as const;

export type MergedKind = keyof typeof kinds;

const envelope = z.object({
  id: z.string().min(1).max(100),
  hlc: z.string().regex(/^\d{13}-\d{6}$/),
  device: z.string().min(1).max(100),
  domain: z.string(),
  kind: z.string(),
  entity: key,
  data: z.unknown(),
});

/** The change as it may be stored, or why it may not. */
export function checkChange(
  input: unknown,
): { change: SharedChange & { kind: MergedKind } } | { problem: string } {
  const parsed = envelope.safeParse(input);
  if (!parsed.success) return { problem: 'not a change' };
  const change = parsed.data;
  if (!(change.kind in kinds))
    return { problem: `a kind this version does not know: ${change.kind}` };
  const kind = change.kind as MergedKind;
  const spec = kinds[kind];
  if (change.domain !== spec.domain) return { problem: `${kind} outside its domain` };
  const data = spec.data.safeParse(change.data);
  if (!data.success) return { problem: `${kind} with data this version cannot read` };
  if (kind.startsWith('series.')) {
    const { seriesId } = data.data as { seriesId: number };
    if (change.entity !== `series:${String(seriesId)}`)
      return { problem: `${kind} of another series` };
  }
  if (kind === 'preference.set' && change.entity !== `pref:${(data.data as PreferenceSet).key}`)
    return { problem: `${kind} of another preference` };
  return {
    change: { ...change, domain: spec.domain, kind, data: data.data ?? null },
  };
}
