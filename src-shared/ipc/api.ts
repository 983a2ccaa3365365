import type { ChannelName, EventName } from './channels';
import type { ChannelInput, ChannelOutput, EventPayload } from './contract';
import type { IpcResult } from './result';

/**
 * What the preload (and the browser harness's stand-in) defines as `window.api`. It only
 * forwards; results cross as data and the promise never rejects for a handled failure.
 */
export interface MarqueeApi {
  invoke<C extends ChannelName>(
    channel: C,
    input?: ChannelInput<C>,
  ): Promise<IpcResult<ChannelOutput<C>>>;
  /** Subscribes to an event; returns the function that unsubscribes. */
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
}
