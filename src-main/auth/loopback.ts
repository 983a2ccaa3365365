import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type LoopbackOutcome = 'approved' | 'denied';

export interface Loopback {
  /** Where TMDB's approval page sends the browser afterwards: `http://127.0.0.1:PORT/<random>`. */
  readonly url: string;
  /** Stops listening; safe to call more than once. */
  close(): Promise<void>;
}

export interface LoopbackOptions {
  /** The request token the redirect must carry; anything else is not our sign-in. */
  requestToken: string;
  /** Called once, with the first redirect that carries our token and an answer. */
  onOutcome: (outcome: LoopbackOutcome) => void;
}

const PAGE_TEXT: Record<LoopbackOutcome, { title: string; body: string }> = {
  approved: {
    title: 'Signed in',
    body: 'Marquee is signed in to TMDB. You can return to Marquee and close this tab.',
  },
  denied: {
    title: 'Sign-in cancelled',
    body: 'You denied Marquee access. You can return to Marquee and close this tab.',
  },
};

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title} – Marquee</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;color:#0d253f}</style></head>
<body><h1>${title}</h1><p>${body}</p></body></html>`;
}

function sameToken(presented: string | null, expected: string): boolean {
  if (presented === null) return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * A one-shot HTTP listener on 127.0.0.1 for TMDB's `redirect_to`: a random port and a random path
 * segment, so another local program cannot guess it, and it stops after the first valid answer.
 * It never sees a session: the request token alone is useless until Marquee exchanges it.
 */
export async function startLoopback(options: LoopbackOptions): Promise<Loopback> {
  const segment = randomBytes(16).toString('hex');
  let answered = false;
  const server = createServer();

  const reply = (res: ServerResponse, status: number, html: string): void => {
    res.writeHead(status, {
      'Content-Type': 'text/html;charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
      'Referrer-Policy': 'no-referrer',
    });
    res.end(html);
  };

  const close = (): Promise<void> =>
    new Promise<void>((resolve) => {
      if (!server.listening) {
        resolve();
        return;
      }
      server.close(() => {
        resolve();
      });
      server.closeAllConnections();
    });

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method !== 'GET' || url.pathname !== `/${segment}` || answered) {
      reply(res, 404, page('Not found', 'This address is not in use.'));
      return;
    }
    const outcome: LoopbackOutcome | undefined =
      url.searchParams.get('approved') === 'true'
        ? 'approved'
        : url.searchParams.get('denied') === 'true'
          ? 'denied'
          : undefined;
    if (
      outcome === undefined ||
      !sameToken(url.searchParams.get('request_token'), options.requestToken)
    ) {
      reply(
        res,
        400,
        page(
          'Not this sign-in',
          'This link does not belong to the sign-in Marquee is waiting for.',
        ),
      );
      return;
    }
    answered = true;
    const text = PAGE_TEXT[outcome];
    res.once('finish', () => {
      void close();
    });
    reply(res, 200, page(text.title, text.body));
    options.onOutcome(outcome);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/${segment}`, close };
}
