import { channelNames } from '../../../src-shared/ipc/channels';
import type { Handlers } from '../guard';

/**
 * A handler map for guard tests: every channel of the contract answers with the input it was
 * given once parsed, so a test sees exactly what the guard let through.
 */
export function echoHandlers(): Handlers {
  // An empty map filled channel by channel: each stub answers `{ echoed: input }` for any channel.
  const handlers = {} as Handlers;
  for (const name of channelNames) {
    Object.defineProperty(handlers, name, {
      value: (input: unknown) => ({ echoed: input }),
      enumerable: true,
    });
  }
  return handlers;
}
