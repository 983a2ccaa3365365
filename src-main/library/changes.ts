import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { keptListDescription, keptListName } from '../../src-shared/text/limits';

const mediaId = z.number().int().positive();
const titleMedia = z.enum(['movie', 'tv']);
const listId = z
  .string()
  .regex(/^(local-[A-Za-z0-9-]{1,64}|\d{1,12})$/, 'expected a Marquee list id');

/** What the UI shows for an item while offline; optional, never sent to TMDB. */
export const itemSummary = z.object({
  title: z.string().max(500).nullable().optional(),
  originalTitle: z.string().max(500).nullable().optional(),
  posterPath: z.string().max(200).nullable().optional(),
  releaseDate: z.string().max(20).nullable().optional(),
  popularity: z.number().nullable().optional(),
  voteAverage: z.number().nullable().optional(),
});
export type ItemSummary = z.infer<typeof itemSummary>;

export const ratingTarget = z.discriminatedUnion('mediaType', [
  z.object({ mediaType: titleMedia, mediaId }),
  z.object({
    mediaType: z.literal('episode'),
    mediaId, // the series
    season: z.number().int().nonnegative(),
    episode: z.number().int().positive(),
  }),
]);
export type RatingTarget = z.infer<typeof ratingTarget>;

/** TMDB takes ratings from 0.5 to 10 in steps of 0.5. */
const ratingValue = z
  .number()
  .min(0.5)
  .max(10)
  .refine((v) => Number.isInteger(v * 2), 'a rating is a multiple of 0.5');

/**
 * A change the user made. Every change is a set-state ("watchlist = false for movie 5"), so
 * sending it twice has the same effect as once; only `list_create` makes something new.
 */
export const userChange = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('watchlist'),
    mediaType: titleMedia,
    mediaId,
    on: z.boolean(),
    summary: itemSummary.optional(),
  }),
  z.object({
    type: z.literal('favorite'),
    mediaType: titleMedia,
    mediaId,
    on: z.boolean(),
    summary: itemSummary.optional(),
  }),
  z.object({
    type: z.literal('rating'),
    target: ratingTarget,
    value: ratingValue.nullable(),
    summary: itemSummary.optional(),
  }),
  z.object({
    type: z.literal('list_create'),
    listId: listId.optional(),
    // Cut to the library's limits; a restored list keeps its name as it was, even one TMDB sent
    // empty (the window's own `lists.create` asks for a name).
    name: keptListName(),
    description: keptListDescription().default(''),
  }),
  // TMDB v3 lists hold movies only.
  z.object({
    type: z.literal('list_item'),
    listId,
    mediaType: z.literal('movie'),
    mediaId,
    present: z.boolean(),
    summary: itemSummary.optional(),
  }),
  z.object({ type: z.literal('list_clear'), listId }),
  z.object({ type: z.literal('list_delete'), listId }),
]);
export type UserChangeInput = z.input<typeof userChange>;
export type UserChange = z.output<typeof userChange>;

/** A short token that marks a list Marquee created, so a create whose answer was lost is found again. */
const listMarker = z.string().regex(/^[a-z0-9]{6,16}$/);

/**
 * A queued change as stored and sent: no display summary, list ids always set. Stored rows are
 * decoded with this schema (`decodeOp`), so a damaged row is caught where it is read.
 */
export const outboxOp = z.discriminatedUnion('type', [
  z.object({
    type: z.enum(['watchlist', 'favorite']),
    mediaType: titleMedia,
    mediaId,
    on: z.boolean(),
  }),
  z.object({ type: z.literal('rating'), target: ratingTarget, value: ratingValue.nullable() }),
  z.object({
    type: z.literal('list_create'),
    listId,
    name: z.string(),
    description: z.string(),
    // Absent in changes queued before issue 12: those cannot be looked up, only created.
    marker: listMarker.optional(),
  }),
  z.object({
    type: z.literal('list_item'),
    listId,
    mediaType: z.literal('movie'),
    mediaId,
    present: z.boolean(),
  }),
  z.object({ type: z.literal('list_clear'), listId }),
  z.object({ type: z.literal('list_delete'), listId }),
]);
export type OutboxOp = z.infer<typeof outboxOp>;

/** Reads a stored op: the op, or why it cannot be read (bad JSON, an unknown shape). */
export function decodeOp(text: string): { op: OutboxOp } | { problem: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { problem: `not JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  const parsed = outboxOp.safeParse(json);
  return parsed.success
    ? { op: parsed.data }
    : {
        problem: `not a change Marquee knows: ${parsed.error.issues
          .slice(0, 3)
          .map((i) => `${i.path.join('.')}: ${i.message}`)
          .join('; ')}`,
      };
}

export function toOp(
  change: UserChange,
  newListId: () => string,
  newMarker: () => string = randomMarker,
): OutboxOp {
  switch (change.type) {
    case 'watchlist':
    case 'favorite':
      return {
        type: change.type,
        mediaType: change.mediaType,
        mediaId: change.mediaId,
        on: change.on,
      };
    case 'rating':
      return { type: 'rating', target: change.target, value: change.value };
    case 'list_create':
      return {
        type: 'list_create',
        listId: change.listId ?? newListId(),
        name: change.name,
        description: change.description,
        marker: newMarker(),
      };
    case 'list_item':
      return {
        type: 'list_item',
        listId: change.listId,
        mediaType: 'movie',
        mediaId: change.mediaId,
        present: change.present,
      };
    case 'list_clear':
    case 'list_delete':
      return { type: change.type, listId: change.listId };
  }
}

/** The item an op sets the state of: later ops on the same key replace earlier ones. */
export function itemKey(op: OutboxOp): string {
  switch (op.type) {
    case 'watchlist':
    case 'favorite':
      return `${op.type}:${op.mediaType}:${op.mediaId}`;
    case 'rating':
      return op.target.mediaType === 'episode'
        ? `rating:episode:${op.target.mediaId}:${op.target.season}:${op.target.episode}`
        : `rating:${op.target.mediaType}:${op.target.mediaId}`;
    case 'list_item':
      return `list:${op.listId}:movie:${op.mediaId}`;
    case 'list_create':
    case 'list_clear':
    case 'list_delete':
      return `list:${op.listId}:${op.type}`;
  }
}

export function listOf(op: OutboxOp): string | undefined {
  return 'listId' in op ? op.listId : undefined;
}

function randomMarker(): string {
  return randomBytes(6).toString('hex');
}
