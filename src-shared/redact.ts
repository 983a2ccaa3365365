/**
 * The one redaction function. Every URL, message or object that may reach a log line, an error
 * text, a cache key or the renderer goes through `redact` first. It removes:
 * - credential query parameters (api_key, session_id, guest_session_id, request_token, access_token, token);
 * - `Authorization: Bearer …` values and bare JWT-looking bearer tokens;
 * - request tokens in TMDB approval URLs (`/authenticate/{token}`);
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
];

export const REDACTED = '[redacted]';

const paramPattern = new RegExp(`([?&;\\s"']|^)(${SECRET_PARAMS.join('|')})=([^&\\s"'#]*)`, 'gi');
const jsonFieldPattern = new RegExp(`("(?:${SECRET_PARAMS.join('|')})"\\s*:\\s*)"[^"]*"`, 'gi');
const bearerPattern = /(bearer\s+)[A-Za-z0-9._~+/=-]+/gi;
const jwtPattern = /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\b/g;
const approvePattern = /(\/authenticate\/)[A-Za-z0-9]+/g;

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
  let out = text
    .replace(paramPattern, (_m, lead: string, name: string) => `${lead}${name}=${REDACTED}`)
    .replace(jsonFieldPattern, (_m, head: string) => `${head}"${REDACTED}"`)
    .replace(bearerPattern, (_m, head: string) => `${head}${REDACTED}`)
    .replace(jwtPattern, REDACTED)
    .replace(approvePattern, (_m, head: string) => `${head}${REDACTED}`);
  for (const secret of registered) {
    if (out.includes(secret)) out = out.split(secret).join(REDACTED);
  }
  return out;
}

/** Redacts a value of any shape for logging: strings are redacted, objects are walked. */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redact(value);
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return redact(`${value.name}: ${value.message}`);
  if (Array.isArray(value)) return value.map((v) => redactValue(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] = SECRET_PARAMS.includes(key.toLowerCase()) || /authorization/i.test(key) ? REDACTED : redactValue(v, depth + 1);
  }
  return out;
}
