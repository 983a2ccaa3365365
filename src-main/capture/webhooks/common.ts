import { z } from 'zod';
import { plainText } from '../../../src-shared/text/bound';
import type { CaptureEvent, ExternalIds, ServerConfig } from '../types';

/**
 * What every webhook parser shares: the result shape, the readings of loosely typed fields
 * (Jellyfin's templates print booleans as `True`/`False` and numbers as text), ids and text kept
 * within bounds. A parser never throws: anything it cannot read is a rejection with a 4xx status.
 */

export type ParseResult =
  { ok: true; events: CaptureEvent[] } | { ok: false; status: 400 | 415; reason: string };

/** One request's body as the listener read it (already within its size cap). */
export interface WebhookRequest {
  body: Uint8Array;
  contentType: string | undefined;
  server: ServerConfig;
  /** When the listener received it, ms since the epoch. */
  receivedAt: number;
}

export type Rejection = Extract<ParseResult, { ok: false }>;

export const reject = (reason: string, status: 400 | 415 = 400): Rejection => ({
  ok: false,
  status,
  reason,
});

export const accept = (events: CaptureEvent[]): ParseResult => ({ ok: true, events });

/** Nothing to capture in this announcement (another event, another kind of item). */
export const ignore = (): ParseResult => ({ ok: true, events: [] });

/** The longest title or account name kept. */
export const TITLE_MAX = 300;
const KEY_MAX = 100;

/** `true`, `"True"`, `"true"` and their false counterparts. */
export const looseBoolean = z
  .union([z.boolean(), z.enum(['True', 'False', 'true', 'false'])])
  .transform((v) => v === true || v === 'True' || v === 'true');

/** A whole number, or one printed as text by a template; at most 18 digits. */
export const looseInt = z
  .union([
    z.number().int(),
    z
      .string()
      .trim()
      .regex(/^-?\d{1,15}$/),
  ])
  .transform((v) => (typeof v === 'number' ? v : Number(v)));

/** A non-negative whole number (ticks, milliseconds, season and episode numbers). */
export const looseCount = looseInt.refine((v) => v >= 0, 'expected a number of 0 or more');

/** A field a server may leave out, print empty, or send as null. */
export function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    schema.optional(),
  ) as unknown as z.ZodOptional<T>;
}

/** Text from a payload: one plain line within `max`. */
export const boundedText = (max = TITLE_MAX) =>
  z
    .string()
    .max(100_000)
    .transform((v) => plainText(v, max));

/**
 * An item or user key: Jellyfin's 32 hex digits with or without dashes become one lower-case,
 * undashed form; other keys (Emby's and Plex's numbers) are kept as plain text.
 */
export const itemKey = z
  .union([z.string(), z.number().int().nonnegative()])
  .transform((v) => normaliseKey(String(v)))
  .pipe(z.string().min(1, 'expected a key').max(KEY_MAX, 'key too long'));

const GUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

export function normaliseKey(key: string): string {
  const trimmed = key.trim();
  if (GUID.test(trimmed)) return trimmed.replace(/-/g, '').toLowerCase();
  return plainText(trimmed, KEY_MAX);
}

/** Ids as servers print them; a value not of its id's form is left out rather than guessed at. */
export function externalIds(raw: {
  tmdb?: unknown;
  imdb?: unknown;
  tvdb?: unknown;
  legacyGuid?: unknown;
}): ExternalIds {
  const ids: ExternalIds = {};
  const text = (v: unknown): string | null =>
    typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : null;
  const tmdb = text(raw.tmdb);
  if (tmdb && /^[1-9]\d{0,9}$/.test(tmdb)) ids.tmdb = tmdb;
  const imdb = text(raw.imdb);
  if (imdb && /^tt\d{5,10}$/.test(imdb)) ids.imdb = imdb;
  const tvdb = text(raw.tvdb);
  if (tvdb && /^[1-9]\d{0,9}$/.test(tvdb)) ids.tvdb = tvdb;
  const legacy = text(raw.legacyGuid);
  if (legacy && /^com\.plexapp\.agents\.[a-z0-9_.-]+:\/\/[\x21-\x7e]{1,200}$/i.test(legacy))
    ids.legacyGuid = legacy;
  return ids;
}

/** How far along, 0..1, from a position and a length in the same unit; null when unknown. */
export function progressOf(
  position: number | undefined,
  length: number | undefined,
): number | null {
  if (position === undefined || length === undefined || length <= 0) return null;
  return Math.min(1, Math.max(0, position / length));
}

/** An ISO 8601 instant with its zone, in ms; else when the request was received. */
export function instantOr(text: string | undefined, fallback: number): number {
  if (!text || !/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:?\d{2})$/i.test(text)) return fallback;
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? ms : fallback;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A JSON body read as UTF-8 (a byte-order mark allowed), or why it cannot be. */
export function readJson(body: Uint8Array | string): { ok: true; value: unknown } | Rejection {
  let text: string;
  try {
    text = typeof body === 'string' ? body : utf8.decode(body);
  } catch {
    return reject('the body is not UTF-8 text');
  }
  try {
    return { ok: true, value: JSON.parse(text.replace(/^\uFEFF/, '')) as unknown };
  } catch {
    return reject('the body is not JSON');
  }
}

/**
 * The name of the event a payload announces (read first, so that events Marquee does not take are
 * ignored without their other fields being judged), or why there is none.
 */
export function eventName(value: unknown, field: string): { ok: true; name: string } | Rejection {
  const parsed = z.object({ [field]: z.string().max(100) }).safeParse(value);
  if (!parsed.success) return reject(`the payload has no ${field}`);
  return { ok: true, name: parsed.data[field] ?? '' };
}

/** zod's first complaint, as a short reason without any of the payload's values. */
export function schemaReason(error: z.ZodError): string {
  const issue = error.issues[0];
  const where = issue?.path.map(String).join('.') || 'payload';
  return `unexpected ${where}`.slice(0, 200);
}

/** The media kind of a server's item type, or null for anything else (music, trailers). */
export function mediaOf(type: string | undefined): 'movie' | 'episode' | null {
  const t = type?.toLowerCase();
  return t === 'movie' ? 'movie' : t === 'episode' ? 'episode' : null;
}
