import { getMaxListeners, setMaxListeners } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { AttemptSignal } from './attempt-signal';

describe('AttemptSignal', () => {
  it('calls its listeners once on a timeout, with itself as `this`, and then forgets them', () => {
    const signal = new AttemptSignal(undefined);
    const seen: unknown[] = [];
    const listener = function (this: unknown, event: Event): void {
      seen.push(this, event.type);
    };
    const object = { handleEvent: vi.fn() };
    signal.addEventListener('abort', listener);
    signal.addEventListener('abort', listener); // the same listener twice counts once
    signal.addEventListener('abort', object);
    signal.timeOut();
    signal.timeOut();
    expect(seen).toEqual([signal, 'abort']);
    expect(object.handleEvent).toHaveBeenCalledTimes(1);
    expect(signal).toMatchObject({ aborted: true, byTimeout: true, byCaller: false });
    expect(signal.reason).toBeInstanceOf(DOMException);
    expect(() => {
      signal.throwIfAborted();
    }).toThrow(DOMException);
  });

  it('leaves out a listener removed before the abort', () => {
    const signal = new AttemptSignal(undefined);
    const listener = vi.fn();
    signal.addEventListener('abort', listener);
    signal.removeEventListener('abort', listener);
    signal.timeOut();
    expect(listener).not.toHaveBeenCalled();
  });

  it('follows the caller’s signal, with the caller’s reason, and lets go of it once settled', () => {
    const caller = new AbortController();
    const signal = new AttemptSignal(caller.signal);
    const listener = vi.fn();
    signal.addEventListener('abort', listener);
    caller.abort(new Error('left the page'));
    expect(signal).toMatchObject({ aborted: true, byCaller: true, byTimeout: false });
    expect(signal.reason).toEqual(new Error('left the page'));
    expect(listener).toHaveBeenCalledTimes(1);

    const kept = new AbortController();
    const settled = new AttemptSignal(kept.signal);
    settled.settle();
    kept.abort();
    expect(settled.aborted).toBe(false);
    expect(settled.settled).toBe(true);
  });

  it('starts aborted for a caller that already gave up', () => {
    const caller = new AbortController();
    caller.abort();
    expect(new AttemptSignal(caller.signal)).toMatchObject({ aborted: true, byCaller: true });
  });

  it('answers Node’s listener-limit calls without throwing (fetch makes them on a signal it follows)', () => {
    const signal = new AttemptSignal(undefined);
    expect(() => getMaxListeners(signal)).not.toThrow();
    expect(() => {
      setMaxListeners(1500, signal);
    }).not.toThrow();
  });

  it('cancels a real fetch on the wire', async () => {
    const signal = new AttemptSignal(undefined);
    let run: Promise<Response> | undefined;
    const dropped = new Promise<void>((resolve) => {
      const server = createServer((request: IncomingMessage) => {
        // Never answers: only the client's abort ends the exchange, once the request is here.
        request.socket.on('close', () => {
          server.close();
          resolve();
        });
        signal.timeOut();
      });
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        run = fetch(`http://127.0.0.1:${port}/3/movie/550`, { signal });
        run.catch(() => undefined);
      });
    });
    await dropped;
    await expect(run).rejects.toThrow('aborted');
  });
});
