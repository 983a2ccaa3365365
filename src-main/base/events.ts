import type { EventName } from '../../src-shared/ipc/channels';
import type { EventPayload } from '../../src-shared/ipc/contract';

type Listener<E extends EventName> = (payload: EventPayload<E>) => void;

/** The core's typed event bus; the shell and the harness forward its events to the renderer. */
export class EventBus {
  readonly #listeners = new Map<EventName, Set<(payload: never) => void>>();

  on<E extends EventName>(event: E, listener: Listener<E>): () => void {
    let set = this.#listeners.get(event);
    if (!set) {
      set = new Set();
      this.#listeners.set(event, set);
    }
    set.add(listener);
    return () => set.delete(listener);
  }

  emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    for (const listener of this.#listeners.get(event) ?? []) {
      try {
        (listener as Listener<E>)(payload);
      } catch {
        // A failing listener must not stop the others, nor the core.
      }
    }
  }

  /** Forwards every event to one sink (the IPC transport). */
  onAny(
    sink: <E extends EventName>(event: E, payload: EventPayload<E>) => void,
    names: readonly EventName[],
  ): () => void {
    const offs = names.map((name) =>
      this.on(name, (payload) => {
        sink(name, payload);
      }),
    );
    return () => {
      offs.forEach((off) => {
        off();
      });
    };
  }
}
