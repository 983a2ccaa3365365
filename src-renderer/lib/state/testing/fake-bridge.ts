import type { MarqueeApi } from '../../../../src-shared/ipc/api';
import type { ChannelName, EventName } from '../../../../src-shared/ipc/channels';
import type {
  ChannelInput,
  ChannelOutput,
  EventPayload,
} from '../../../../src-shared/ipc/contract';
import type { IpcResult } from '../../../../src-shared/ipc/result';

export type FakeReplies = {
  [C in ChannelName]?: (input: ChannelInput<C> | undefined) => IpcResult<ChannelOutput<C>>;
};

type Listeners = { [E in EventName]?: ((payload: EventPayload<E>) => void)[] };

/**
 * A typed stand-in for `window.api` in state tests: replies per channel, every call recorded,
 * and `emit` to play a core event. A channel without a reply answers `internal`.
 */
export class FakeBridge implements MarqueeApi {
  readonly calls: { channel: ChannelName; input: unknown }[] = [];
  readonly #listeners: Listeners = {};

  constructor(readonly replies: FakeReplies) {}

  invoke<C extends ChannelName>(
    channel: C,
    input?: ChannelInput<C>,
  ): Promise<IpcResult<ChannelOutput<C>>> {
    this.calls.push({ channel, input });
    const reply: FakeReplies[C] = this.replies[channel];
    if (!reply)
      return Promise.resolve({ ok: false, error: { code: 'internal', message: `no ${channel}` } });
    return Promise.resolve(reply(input));
  }

  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
    const list: Listeners[E] = (this.#listeners[event] ??= []);
    list.push(listener);
    return () => {
      list.splice(list.indexOf(listener), 1);
    };
  }

  emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    for (const listener of this.#listeners[event] ?? []) listener(payload);
  }

  channels(): ChannelName[] {
    return this.calls.map((c) => c.channel);
  }
}

export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });

/**
 * Lets every reply, event handler and reload now pending run to its end: the fake answers in
 * microtasks, which all run before the next task, so this depends on order, never on time.
 */
export const settle = (): Promise<void> =>
  new Promise((resolve) => {
    setTimeout(resolve, 0);
  });
