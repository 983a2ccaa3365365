import type { ServerKind } from './types';

/**
 * Media servers answering on this computer's usual ports. Each probe is one short request to
 * 127.0.0.1 that only reads a public, unauthenticated answer; nothing is sent anywhere else.
 */

export interface Found {
  kind: ServerKind;
  url: string;
}

export interface DiscoverDeps {
  fetch: typeof fetch;
  /** How long one probe may take. */
  timeoutMs?: number;
  host?: string;
}

interface Probe {
  port: number;
  request(base: string, signal: AbortSignal, f: typeof fetch): Promise<ServerKind | null>;
}

const json = async (response: Response): Promise<unknown> =>
  response.ok ? await response.json() : null;

const PROBES: readonly Probe[] = [
  {
    // Jellyfin and Emby share port 8096; their public info names the product.
    port: 8096,
    async request(base, signal, f) {
      const body = await json(await f(`${base}/System/Info/Public`, { signal }));
      const product =
        typeof body === 'object' && body !== null && 'ProductName' in body
          ? String(body.ProductName)
          : '';
      if (/jellyfin/i.test(product)) return 'jellyfin';
      if (/emby/i.test(product)) return 'emby';
      return null;
    },
  },
  {
    port: 32400,
    async request(base, signal, f) {
      const response = await f(`${base}/identity`, { signal });
      return response.ok && /MediaContainer/.test(await response.text()) ? 'plex' : null;
    },
  },
  {
    port: 8080,
    async request(base, signal, f) {
      const body = await json(
        await f(`${base}/jsonrpc`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', method: 'JSONRPC.Ping', id: 1 }),
          signal,
        }),
      );
      return typeof body === 'object' && body !== null && 'result' in body && body.result === 'pong'
        ? 'kodi'
        : null;
    },
  },
];

export async function discoverServers(deps: DiscoverDeps): Promise<Found[]> {
  const host = deps.host ?? '127.0.0.1';
  const timeoutMs = deps.timeoutMs ?? 800;
  const found = await Promise.all(
    PROBES.map(async (probe): Promise<Found | null> => {
      const base = `http://${host}:${String(probe.port)}`;
      const controller = new AbortController();
      const timer = setTimeout(() => {
        controller.abort();
      }, timeoutMs);
      try {
        const kind = await probe.request(base, controller.signal, deps.fetch);
        return kind === null ? null : { kind, url: base };
      } catch {
        return null;
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  return found.filter((f): f is Found => f !== null);
}
