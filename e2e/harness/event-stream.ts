import type { IncomingMessage, ServerResponse } from 'node:http';
import { eventNames } from '../../src-shared/ipc/channels';
import type { EventBus } from '../../src-main/base/events';

const HEARTBEAT_MS = 15_000;
/**
 * The last event a stream sends when the harness stops: the page's bridge closes its EventSource
 * on it, so the stream ends whole (no "incomplete chunked encoding" in the page's console) and the
 * browser does not try to reconnect to a harness that is gone.
 */
export const CLOSING_EVENT = 'harness.closing';

/**
 * Streams the core's events to one page as Server-Sent Events, one SSE event per core event,
 * named after it, with the payload as JSON data. Ends when the page goes away.
 */
export function streamEvents(
  req: IncomingMessage,
  res: ServerResponse,
  events: EventBus,
): { end(): Promise<void> } {
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    Connection: 'keep-alive',
  });
  // `retry` sets how soon the browser reconnects after the stream drops.
  res.write('retry: 2000\n: connected\n\n');
  const off = events.onAny((name, payload) => {
    res.write(`event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`);
  }, eventNames);
  // A comment now and then keeps idle proxies and the socket timeout from closing the stream.
  const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  const stop = (): void => {
    off();
    clearInterval(heartbeat);
  };
  req.on('close', stop);
  res.on('close', stop);
  return {
    end: () =>
      new Promise<void>((resolve) => {
        stop();
        if (res.writableEnded || res.destroyed) {
          resolve();
          return;
        }
        res.on('close', resolve);
        res.end(`event: ${CLOSING_EVENT}\ndata: {}\n\n`, resolve);
      }),
  };
}
