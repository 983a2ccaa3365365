import { channelNames, eventNames } from '../../src-shared/ipc/channels';

export const IPC_PATH = '/__marquee/ipc';
export const EVENTS_PATH = '/__marquee/events';
export const BRIDGE_PATH = '/__marquee/bridge.js';
/** The custom header every bridge call sends; see auth.ts. */
export const BRIDGE_HEADER = 'X-Marquee-Bridge';

/**
 * The script that defines `window.api` in the browser harness, the same surface as the Electron
 * preload: only the listed channels and events, results as data (the promise never rejects),
 * listeners given the payload alone. It is plain JavaScript because the browser runs it as is.
 */
export function bridgeScript(): string {
  return `// Marquee browser bridge: window.api over HTTP, for the browser harness.
(() => {
  'use strict';
  const channels = new Set(${JSON.stringify(channelNames)});
  const events = new Set(${JSON.stringify(eventNames)});
  const failure = (code, message) => ({ ok: false, error: { code, message } });
  const isResult = (body) => body !== null && typeof body === 'object' && typeof body.ok === 'boolean';

  async function invoke(channel, input) {
    if (!channels.has(channel)) {
      return failure('unknown_channel', 'Unknown channel: ' + String(channel).slice(0, 80));
    }
    let response;
    try {
      response = await fetch(${JSON.stringify(IPC_PATH)}, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ${JSON.stringify(BRIDGE_HEADER)}: '1' },
        body: JSON.stringify({ channel, input }),
        credentials: 'same-origin',
        cache: 'no-store',
      });
    } catch {
      return failure('internal', 'Marquee’s core is not reachable: the harness may have stopped.');
    }
    try {
      const body = await response.json();
      if (isResult(body)) return body;
    } catch {
      // Falls through to the generic failure below.
    }
    return failure('internal', 'Marquee’s bridge answered HTTP ' + response.status + ' without a result.');
  }

  const listeners = new Map();
  let source = null;

  function connect() {
    source = new EventSource(${JSON.stringify(EVENTS_PATH)});
    for (const name of events) {
      source.addEventListener(name, (message) => {
        let payload;
        try {
          payload = JSON.parse(message.data);
        } catch {
          return;
        }
        for (const listener of [...(listeners.get(name) ?? [])]) {
          try {
            listener(payload);
          } catch (error) {
            reportError(error);
          }
        }
      });
    }
  }

  function on(event, listener) {
    if (!events.has(event)) throw new TypeError('Unknown event: ' + String(event).slice(0, 80));
    if (typeof listener !== 'function') throw new TypeError('The listener must be a function.');
    if (source === null) connect();
    let set = listeners.get(event);
    if (!set) {
      set = new Set();
      listeners.set(event, set);
    }
    // Wrapped so the same function subscribed twice gets two independent subscriptions.
    const entry = (payload) => listener(payload);
    set.add(entry);
    return () => {
      set.delete(entry);
    };
  }

  Object.defineProperty(window, 'api', {
    value: Object.freeze({ invoke, on }),
    enumerable: true,
    configurable: false,
    writable: false,
  });
})();
`;
}
