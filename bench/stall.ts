/**
 * The longest time the event loop could not answer while some work ran: what a window feels when
 * the main process computes. A 1 ms timer chain notes each gap between its ticks; a gap is the
 * longest stretch in which no IPC call, menu or dialog could have been served. Chrome calls a task
 * over 50 ms a long task, and so do Marquee's budgets.
 */
export interface StallMeasure<T> {
  result: T;
  /** The longest single gap between two ticks, minus the timer's own period, in ms. */
  longestMs: number;
  /** Gaps of 50 ms or more. */
  longTasks: number;
  /** Wall time of the whole run, in ms. */
  totalMs: number;
}

const PERIOD_MS = 1;

export async function measureStall<T>(run: () => Promise<T> | T): Promise<StallMeasure<T>> {
  let longest = 0;
  let longTasks = 0;
  let last = performance.now();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = (): void => {
    const now = performance.now();
    const gap = now - last - PERIOD_MS;
    if (gap > longest) longest = gap;
    if (gap >= 50) longTasks += 1;
    last = now;
    if (!stopped) timer = setTimeout(tick, PERIOD_MS);
  };
  timer = setTimeout(tick, PERIOD_MS);
  const start = performance.now();
  try {
    const result = await run();
    // The last stretch, from the previous tick to the end of the run, counts too.
    tick();
    return {
      result,
      longestMs: Math.max(0, longest),
      longTasks,
      totalMs: performance.now() - start,
    };
  } finally {
    stopped = true;
    clearTimeout(timer);
  }
}
