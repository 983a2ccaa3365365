import { channelNames, eventNames } from '../../src-shared/ipc/channels';
import { CLOSING_EVENT } from './event-stream';
import { KEY_HEADER, KEY_PARAM } from './auth';

export const IPC_PATH = '/__marquee/ipc';
export const EVENTS_PATH = '/__marquee/events';
export const BRIDGE_PATH = '/__marquee/bridge.js';
/** Where the page uploads a file for import: the browser's stand-in for Electron's open dialog. */
export const UPLOAD_PATH = '/__upload';
/** Where the page keeps this run's key: sessionStorage, partitioned by origin (port included). */
export const KEY_STORAGE = 'marquee.bridgeKey';

/**
 * The script that defines `window.api` in the browser harness, the same surface as the Electron
 * preload: only the listed channels and events, results as data (the promise never rejects),
 * listeners given the payload alone. It is plain JavaScript because the browser runs it as is.
 *
 * It holds no secret itself: it takes the per-run key from the address the harness printed, drops
 * it from the address bar (history keeps `/`), keeps it in sessionStorage so a reload still works,
 * and sends it in a header on each call. See auth.ts for why not a cookie.
 */
export function bridgeScript(): string {
  return `// Marquee browser bridge: window.api over HTTP, for the browser harness.
(() => {
  'use strict';
  const channels = new Set(${JSON.stringify(channelNames)});
  const events = new Set(${JSON.stringify(eventNames)});
  const failure = (code, message) => ({ ok: false, error: { code, message } });
  // String() of a non-string runs the caller's code (and may throw): name only its type.
  const shown = (name) =>
    typeof name === 'string' ? name.slice(0, 80) : '(not a string: ' + typeof name + ')';
  const isResult = (body) => body !== null && typeof body === 'object' && typeof body.ok === 'boolean';

  function takeKey() {
    const url = new URL(location.href);
    const fromAddress = url.searchParams.get(${JSON.stringify(KEY_PARAM)});
    if (fromAddress !== null) {
      try {
        sessionStorage.setItem(${JSON.stringify(KEY_STORAGE)}, fromAddress);
      } catch {
        // Storage refused (a locked-down profile): the key still lives until this page unloads.
      }
      url.searchParams.delete(${JSON.stringify(KEY_PARAM)});
      history.replaceState(history.state, '', url.pathname + url.search + url.hash);
      return fromAddress;
    }
    try {
      return sessionStorage.getItem(${JSON.stringify(KEY_STORAGE)}) ?? '';
    } catch {
      return '';
    }
  }
  const key = takeKey();

  async function invoke(channel, input) {
    if (!channels.has(channel)) {
      return failure('unknown_channel', 'Unknown channel: ' + shown(channel));
    }
    let response;
    try {
      response = await fetch(${JSON.stringify(IPC_PATH)}, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ${JSON.stringify(KEY_HEADER)}: key },
        body: JSON.stringify({ channel, input }),
        credentials: 'omit',
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
    // EventSource cannot send headers; the URL is same-origin, so the key still goes nowhere else.
    source = new EventSource(${JSON.stringify(EVENTS_PATH + '?' + KEY_PARAM + '=')} + encodeURIComponent(key));
    // The harness is stopping: close the stream it ends, rather than reconnect to nothing.
    source.addEventListener(${JSON.stringify(CLOSING_EVENT)}, () => source.close());
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
    if (!events.has(event)) throw new TypeError('Unknown event: ' + shown(event));
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

  // The browser has no open dialog main could show: the page hands over the file the user chose,
  // as raw bytes, and the core reads it (the page never parses it). The answer is a result, like
  // invoke's: the staged source, or the reason the file was refused.
  async function upload(file) {
    if (!(file instanceof Blob) || typeof file.name !== 'string') {
      return failure('invalid_input', 'Choose a file to import.');
    }
    let response;
    try {
      response = await fetch(${JSON.stringify(UPLOAD_PATH)}, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/octet-stream',
          'X-File-Name': encodeURIComponent(file.name),
          ${JSON.stringify(KEY_HEADER)}: key,
        },
        body: file,
        credentials: 'omit',
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
    return failure('internal', 'Marquee’s upload answered HTTP ' + response.status + ' without a result.');
  }

  Object.defineProperty(window, 'api', {
    value: Object.freeze({ invoke, on }),
    enumerable: true,
    configurable: false,
    writable: false,
  });
  Object.defineProperty(window, 'marqueeUpload', {
    value: Object.freeze({ upload }),
    enumerable: true,
    configurable: false,
    writable: false,
  });
})();
`;
}
