import type { IpcRenderer, IpcRendererEvent } from 'electron';
import type { MarqueeApi } from '../src-shared/ipc/api';
import { IPC_PREFIX, isChannelName, isEventName } from '../src-shared/ipc/channels';
import type { IpcResult } from '../src-shared/ipc/result';

/**
 * Builds `window.api` over ipcRenderer. It forwards and does nothing else: the listed channels
 * only, the input as given (main validates it), and never the IpcRendererEvent, whose `sender`
 * would hand the page ipcRenderer itself (checklist point 20).
 */
export function createApi(
  ipcRenderer: Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener'>,
): MarqueeApi {
  const invoke = (channel: unknown, input?: unknown): Promise<IpcResult<unknown>> => {
    if (!isChannelName(channel)) {
      return Promise.resolve({
        ok: false,
        error: {
          code: 'unknown_channel',
          message: `Unknown channel: ${shown(channel)}`,
        },
      });
    }
    return ipcRenderer.invoke(`${IPC_PREFIX}${channel}`, input) as Promise<IpcResult<unknown>>;
  };

  const on = (event: unknown, listener: (payload: unknown) => void): (() => void) => {
    if (!isEventName(event)) throw new TypeError(`Unknown event: ${shown(event)}`);
    if (typeof listener !== 'function') throw new TypeError('The listener must be a function.');
    const channel = `${IPC_PREFIX}${event}`;
    const forward = (_event: IpcRendererEvent, payload: unknown): void => {
      listener(payload);
    };
    ipcRenderer.on(channel, forward);
    let subscribed = true;
    return () => {
      if (!subscribed) return;
      subscribed = false;
      ipcRenderer.removeListener(channel, forward);
    };
  };

  // The generic signatures of MarqueeApi are checked at the call sites in the renderer; here the
  // values cross a process boundary, so the implementation is written against `unknown`.
  return Object.freeze({ invoke, on }) as MarqueeApi;
}

/** A name for an error text: `String()` of a non-string runs the caller's code, and may throw. */
function shown(name: unknown): string {
  return typeof name === 'string' ? name.slice(0, 80) : `(not a string: ${typeof name})`;
}
