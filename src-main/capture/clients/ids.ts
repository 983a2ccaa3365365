import type { ExternalIds } from '../types';

const MAX_ID = 100;

/** An id as a short string, or undefined when absent, empty or not a string or number. */
export function idText(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  return text === '' || text.length > MAX_ID ? undefined : text;
}

/** `{ Tmdb, Imdb, Tvdb }` (Jellyfin, Emby) or `{ tmdb, imdb, tvdb }` (Kodi), any case. */
export function idsFromMap(map: Record<string, unknown> | null | undefined): ExternalIds {
  const ids: ExternalIds = {};
  if (!map) return ids;
  for (const [key, value] of Object.entries(map)) {
    const name = key.toLowerCase();
    const text = idText(value);
    if (text === undefined) continue;
    if (name === 'tmdb') ids.tmdb = text;
    else if (name === 'imdb') ids.imdb = text;
    else if (name === 'tvdb') ids.tvdb = text;
  }
  return ids;
}

/** Plex's `Guid: [{ id: "imdb://tt…" }]` and its legacy agent `guid` string. */
export function idsFromPlexGuids(
  guids: readonly { id?: unknown }[] | undefined,
  guid: unknown,
): ExternalIds {
  const ids: ExternalIds = {};
  for (const entry of guids ?? []) {
    if (typeof entry.id !== 'string') continue;
    const match = /^(tmdb|imdb|tvdb):\/\/(.+)$/.exec(entry.id);
    const text = match ? idText(match[2]) : undefined;
    if (!match || text === undefined) continue;
    ids[match[1] as 'tmdb' | 'imdb' | 'tvdb'] = text;
  }
  if (typeof guid === 'string' && guid.startsWith('com.plexapp.agents.') && guid.length <= 300) {
    ids.legacyGuid = guid;
  }
  return ids;
}

/** A whole number from a server's field, or null. */
export function intOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) ? value : null;
}
