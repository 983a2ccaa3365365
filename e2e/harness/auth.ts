import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const COOKIE_NAME = 'marquee_bridge';

/** A fresh per-run secret: 32 random bytes, hex. */
export function newSecret(): string {
  return randomBytes(32).toString('hex');
}

/**
 * Compares a presented secret with the real one in constant time. Both sides are hashed first so
 * the comparison does not leak the secret's length through an early return.
 */
export function secretMatches(presented: string | undefined, secret: string): boolean {
  if (presented === undefined) return false;
  const a = createHash('sha256').update(presented).digest();
  const b = createHash('sha256').update(secret).digest();
  return timingSafeEqual(a, b);
}

/** The value of one cookie from the Cookie header, or undefined. */
export function readCookie(req: IncomingMessage, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export function sessionCookie(secret: string): string {
  return `${COOKIE_NAME}=${secret}; HttpOnly; SameSite=Strict; Path=/`;
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
  if (!secretMatches(readCookie(req, COOKIE_NAME), gate.secret))
    return 'missing or wrong session cookie';
  // Browsers label cross-site requests; trust the label when present (older clients omit it).
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') return `cross-site request (${site})`;
  const origin = req.headers.origin;
  if (kind === 'ipc') {
    if (origin !== gate.origin) return 'wrong or missing Origin';
    // A custom header makes every cross-origin call need a CORS preflight, which is never answered.
    if (req.headers['x-marquee-bridge'] !== '1') return 'missing X-Marquee-Bridge header';
  } else if (origin !== undefined && origin !== gate.origin) {
    // Same-origin EventSource requests carry no Origin; a foreign one must not subscribe.
    return 'wrong Origin';
  }
  return null;
}
