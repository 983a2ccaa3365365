/**
 * The one redaction function. Every URL, message or object that may reach a log line, an error
 * text, a cache key or the renderer goes through `redact` first. It removes:
 * - credential query parameters (api_key, session_id, guest_session_id, request_token, access_token, token, password);
 * - the same names as JSON fields (`"session_id": "…"`), e.g. in a logged response body;
 * - `Authorization` header values and `Bearer …` tokens, and bare JWT-looking tokens;
 * - request tokens in TMDB approval URLs (`/authenticate/{token}`) and guest sessions in
 *   paths (`/guest_session/{id}/rated/...`);
 * - media servers' tokens and passwords: `X-Plex-Token`, `X-Emby-Token`, `X-MediaBrowser-Token`
 *   (as query parameters, headers or JSON fields), `MediaBrowser Token="…"`, Plex's
 *   `PlexOnlineToken`, and Jellyfin's `Pw`;
 * - any extra secret strings registered with `registerSecret` (the token and session in use).
 */
const SECRET_PARAMS = [
  'api_key',
  'session_id',
  'guest_session_id',
  'request_token',
  'access_token',
  'token',
  'password',
  'x-plex-token',
  'x-emby-token',
  'x-mediabrowser-token',
  'plexonlinetoken',
  'pw',
];

/** Object keys whose values are secrets, compared without case, `_` or `-` (so `apiKey` = `api_key`). */
const SECRET_KEYS = new Set([
  ...SECRET_PARAMS.map(normalizeKey),
  'authorization',
  'accesstoken',
  'apikey',
  'sessionid',
  'guestsessionid',
  'requesttoken',
  'xplextoken',
  'xembytoken',
  'xmediabrowsertoken',
]);

export const REDACTED = '[redacted]';

const paramPattern = new RegExp(
  `([?&;\\s"'(,]|^)(${SECRET_PARAMS.join('|')})=([^&\\s"'#)]*)`,
  'gi',
);
const jsonFieldPattern = new RegExp(
  `("(?:${SECRET_PARAMS.join('|')})"\\s*:\\s*)"(?:[^"\\\\]|\\\\.)*"`,
  'gi',
);
/** `Authorization: Bearer x`, `"authorization":"x"`, `authorization=x`: whatever the value's length. */
const authorizationPattern = /(authorization["']?\s*[:=]\s*["']?(?:bearer\s+)?)[^\s"',;}]+/gi;
/** A bearer token outside a header: long enough not to catch "the bearer of bad news". */
/** A media server's token header (`X-Plex-Token: x`, `"X-Emby-Token":"x"`), whatever its length. */
const serverHeaderPattern =
  /((?:x-plex-token|x-emby-token|x-mediabrowser-token|plexonlinetoken)["']?\s*[:=]\s*["']?)[^\s"',;}&<]+/gi;
/**
 * A secret as a quoted attribute: Jellyfin's and Emby's `MediaBrowser Client="…", Token="…"`,
 * Plex's `PlexOnlineToken="…"` in its preferences.
 */
const quotedTokenPattern = new RegExp(`(\\b(?:${SECRET_PARAMS.join('|')})\\s*=\\s*")[^"]*`, 'gi');
const bearerPattern = /(bearer\s+)(?!\[redacted\])[A-Za-z0-9._~+/=-]{16,}/gi;
const jwtPattern = /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\b/g;
const approvePattern = /(\/authenticate\/)[A-Za-z0-9]+/g;
/** `/guest_session/{id}/…` carries the guest session in the path; `/guest_session/new` creates one. */
const guestPathPattern = /(\/guest_session\/)(?!new(?:[/?#\s"']|$))[A-Za-z0-9-]+/g;

const registered = new Set<string>();

/** Registers a live secret (a token or session id) so it is removed wherever it appears. */
export function registerSecret(secret: string | null | undefined): void {
  if (secret && secret.length >= 6) registered.add(secret);
}

/** Forgets a secret registered earlier (after sign-out). */
export function forgetSecret(secret: string | null | undefined): void {
  if (secret) registered.delete(secret);
}

/** Redacts one string. */
export function redact(text: string): string {
  let out = text;
  // Registered secrets first: their exact text is known, so nothing of them can survive a partial match.
  for (const secret of registered) {
    if (out.includes(secret)) out = out.split(secret).join(REDACTED);
  }
  return out
    .replace(quotedTokenPattern, (_m, head: string) => `${head}${REDACTED}`)
    .replace(paramPattern, (_m, lead: string, name: string) => `${lead}${name}=${REDACTED}`)
    .replace(jsonFieldPattern, (_m, head: string) => `${head}"${REDACTED}"`)
    .replace(authorizationPattern, (_m, head: string) => `${head}${REDACTED}`)
    .replace(serverHeaderPattern, (_m, head: string) => `${head}${REDACTED}`)
    .replace(bearerPattern, (_m, head: string) => `${head}${REDACTED}`)
    .replace(jwtPattern, REDACTED)
    .replace(approvePattern, (_m, head: string) => `${head}${REDACTED}`)
    .replace(guestPathPattern, (_m, head: string) => `${head}${REDACTED}`);
}

/**
 * Redacts, THEN cuts to `max` characters. The other order leaks: a secret straddling the cut
 * loses the tail the patterns need (a JWT's last segment, a registered secret's full text) and
 * its head survives. Every truncated message goes through here.
 */
export function redactAndCut(text: string, max: number): string {
  const clean = redact(text);
  return clean.length <= max ? clean : `${clean.slice(0, max)}…`;
}

const MAX_DEPTH = 6;

/** Redacts a value of any shape for logging: strings are redacted, objects are walked. */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redact(value);
  if (value === null || typeof value !== 'object') return value;
  // Deeper than anything Marquee logs on purpose: dropped rather than passed on unread.
  if (depth > MAX_DEPTH) return '[too deep]';
  if (value instanceof Error) return redact(`${value.name}: ${value.message}`);
  if (value instanceof URL) return redact(value.href);
  if (Array.isArray(value)) return value.map((v) => redactValue(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] = SECRET_KEYS.has(normalizeKey(key)) ? REDACTED : redactValue(v, depth + 1);
  }
  return out;
}

function normalizeKey(key: string): string {
  return key.toLowerCase().replace(/[_-]/g, '');
}
