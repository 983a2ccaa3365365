import type { BackfillItem, CaptureSink, Connector } from '../types';

/**
 * What the clients that follow plays themselves share: one loop at a time, stopped by its
 * signal, and a backfill that ends quietly when it is stopped.
 */

/** Resolves when the signal is aborted (at once when it already is). */
export function whenAborted(signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    if (signal.aborted) {
      resolve();
      return;
    }
    signal.addEventListener(
      'abort',
      () => {
        resolve();
      },
      { once: true },
    );
  });
}

/**
 * A connector's `start` and `stop` over a loop that follows plays until its signal is aborted:
 * `start` runs one loop (again after a stop), `stop` aborts it and waits for it to end.
 */
export function followLoop(
  loop: (sink: CaptureSink, signal: AbortSignal) => Promise<void>,
): Required<Pick<Connector, 'start' | 'stop'>> {
  let running: { controller: AbortController; done: Promise<void> } | null = null;
  return {
    start(sink) {
      if (running) return;
      const controller = new AbortController();
      running = { controller, done: loop(sink, controller.signal) };
    },
    async stop() {
      if (!running) return;
      const { controller, done } = running;
      running = null;
      controller.abort();
      await done;
    },
  };
}

/** A backfill whose failure after its signal was aborted is the stop it was asked for, not an error. */
export function stoppableBackfill(
  read: (onPage: (items: BackfillItem[]) => Promise<void>, signal: AbortSignal) => Promise<void>,
): NonNullable<Connector['backfill']> {
  return async (onPage, signal) => {
    try {
      await read(onPage, signal);
    } catch (error) {
      if (signal.aborted) return;
      throw error;
    }
  };
}
