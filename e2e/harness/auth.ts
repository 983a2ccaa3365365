import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * The header that carries the per-run key on every bridge call. Why a header and not a cookie:
 * cookies are scoped by host, not by port, so the browser would send a cookie set by
 * http://127.0.0.1:PORT to every other http://127.0.0.1:* service the user opens. The key instead
 * lives in the page's sessionStorage, which is partitioned by origin (scheme, host AND port), and
 * only our bridge script attaches it, to same-origin requests. A custom header also makes every
 * cross-origin call need a CORS preflight, which the harness never grants.
 */
export const KEY_HEADER = 'X-Marquee-Bridge-Key';
/** The event stream cannot send headers (EventSource), so its same-origin URL carries the key. */
export const KEY_PARAM = 'key';

/** A fresh per-run secret: 32 random bytes, hex. */
export function newSecret(): string {
  return randomBytes(32).toString('hex');
}

/**
 * Compares a presented secret with the real one in constant time. Both sides are hashed first so
 * the comparison does not leak the secret's length through an early return.
 */
export function secretMatches(presented: string | null | undefined, secret: string): boolean {
  if (presented === undefined || presented === null) return false;
  const a = createHash('sha256').update(presented).digest();
  const b = createHash('sha256').update(secret).digest();
  return timingSafeEqual(a, b);
}

/** One header's value when sent exactly once; repeated or absent headers count as missing. */
function singleHeader(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return typeof value === 'string' ? value : undefined;
}

export interface BridgeGate {
  /** `127.0.0.1:PORT`: the only Host the harness answers, against DNS rebinding. */
  host: string;
  /** `http://127.0.0.1:PORT`. */
  origin: string;
  secret: string;
}

/** Why a bridge request is refused, or null when it may pass to the core. */
export function refuseBridgeRequest(
  req: IncomingMessage,
  gate: BridgeGate,
  kind: 'ipc' | 'events',
): string | null {
  if (req.headers.host !== gate.host) return 'wrong Host header';
  const presented =
    kind === 'ipc'
      ? singleHeader(req, KEY_HEADER)
      : new URL(req.url ?? '/', gate.origin).searchParams.get(KEY_PARAM);
  // A cookie alone is never enough, whatever it holds: see KEY_HEADER.
  if (!secretMatches(presented, gate.secret)) return 'missing or wrong bridge key';
  // Browsers label cross-site requests; trust the label when present (older clients omit it).
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') return `cross-origin request (${site})`;
  const origin = req.headers.origin;
  if (kind === 'ipc') {
    if (origin !== gate.origin) return 'wrong or missing Origin';
  } else if (origin !== undefined && origin !== gate.origin) {
    // Same-origin EventSource requests carry no Origin; a foreign one must not subscribe.
    return 'wrong Origin';
  }
  return null;
}

/**
 * Why an image request is refused, or null. An `<img>` cannot send a header, and a cookie would
 * reach other ports (see KEY_HEADER), so images go only to requests the browser itself labels
 * same-origin (`Sec-Fetch-Site`, which a page cannot set); Cross-Origin-Resource-Policy:
 * same-origin is the second lock for any client that omits the label.
 */
export function refuseImageRequest(req: IncomingMessage): string | null {
  const site = req.headers['sec-fetch-site'];
  if (site !== 'same-origin') return `not a same-origin request (${site ?? 'unlabelled'})`;
  return null;
}
