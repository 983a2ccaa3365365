import type { z } from 'zod';
import type { ChannelName } from './channels';
import type { ChannelOutput, Contract } from './contract';

/** What a handler receives: its channel's input once parsed, defaults filled in. */
export type HandlerInput<C extends ChannelName> = z.output<Contract[C]['input']>;

export type ChannelHandler<C extends ChannelName> = (
  input: HandlerInput<C>,
) => Promise<ChannelOutput<C>> | ChannelOutput<C>;

/**
 * The handlers of a set of channels. Main builds its handler map one domain at a time, each part
 * typed as `HandlersFor<LibraryChannel>` and the like; `HandlersFor<ChannelName>` is the whole map.
 */
export type HandlersFor<C extends ChannelName> = { [K in C]: ChannelHandler<K> };
