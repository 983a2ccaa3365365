/**
 * Wraps a reload so that calls made while it runs collapse into one more run after it. Events
 * arrive in bursts (thousands of `library.changed` while a large watchlist is pulled or edited);
 * each would otherwise start a request of its own and exhaust the page's connections.
 */
export function coalesce(run: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  // Read through a function: calls made while `run` was awaited set the flag, which a plain
  // read after the assignment above would be narrowed to miss.
  const pending = { again: false };
  const wantsAgain = (): boolean => pending.again;
  const loop = async (): Promise<void> => {
    do {
      pending.again = false;
      await run();
    } while (wantsAgain());
  };
  return () => {
    if (running) {
      pending.again = true;
      return running;
    }
    running = loop().finally(() => {
      running = null;
    });
    return running;
  };
}
