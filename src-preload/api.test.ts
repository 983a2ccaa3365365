import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import type { IpcRenderer } from 'electron';
import { IPC_PREFIX } from '../src-shared/ipc/channels';
import type { MarqueeApi } from '../src-shared/ipc/api';
import { createApi } from './api';

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: vi.fn() },
  ipcRenderer: new EventEmitter(),
}));

/** An ipcRenderer stand-in: invoke is recorded, `on` listeners are real EventEmitter listeners. */
class FakeIpcRenderer extends EventEmitter {
  readonly invoked: { channel: string; args: unknown[] }[] = [];
  invoke(channel: string, ...args: unknown[]): Promise<unknown> {
    this.invoked.push({ channel, args });
    return Promise.resolve({ ok: true, value: { from: channel } });
  }
}

const setup = () => {
  const ipc = new FakeIpcRenderer();
  const api = createApi(ipc as unknown as IpcRenderer);
  return { ipc, api };
};

/** The page is not type-checked against the contract at run time; this is what it can really send. */
const loose = (api: MarqueeApi) =>
  api as unknown as {
    invoke(channel: unknown, input?: unknown): Promise<unknown>;
    on(event: unknown, listener: unknown): () => void;
  };

describe('window.api.invoke', () => {
  it('forwards a listed channel with the Marquee prefix and its input', async () => {
    const { ipc, api } = setup();
    await expect(api.invoke('app.info')).resolves.toEqual({
      ok: true,
      value: { from: `${IPC_PREFIX}app.info` },
    });
    await api.invoke('reference.countries', {});
    expect(ipc.invoked).toEqual([
      { channel: `${IPC_PREFIX}app.info`, args: [undefined] },
      { channel: `${IPC_PREFIX}reference.countries`, args: [{}] },
    ]);
  });

  it.each([
    'library.wipe',
    'marquee:app.info',
    '',
    '__proto__',
    'constructor',
    42,
    null,
    // String() of these throws (no callable toString, no prototype): still an answer as data.
    { toString: 1 },
    Object.create(null),
  ])('answers an unlisted channel (%s) with unknown_channel and sends nothing', async (channel) => {
    const { ipc, api } = setup();
    const result = await loose(api).invoke(channel);
    expect(result).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
    expect(ipc.invoked).toEqual([]);
  });
});

describe('window.api.on', () => {
  it('delivers the payload only, never the IpcRendererEvent', () => {
    const { ipc, api } = setup();
    const received: unknown[][] = [];
    api.on('network.status', (...args: unknown[]) => {
      received.push(args);
    });
    const event = { sender: ipc, senderId: 0 };
    ipc.emit(`${IPC_PREFIX}network.status`, event, { online: false, since: 1 });
    expect(received).toEqual([[{ online: false, since: 1 }]]);
  });

  it('stops delivering after unsubscribe, and unsubscribing twice is harmless', () => {
    const { ipc, api } = setup();
    const listener = vi.fn();
    const off = api.on('network.status', listener);
    off();
    off();
    ipc.emit(`${IPC_PREFIX}network.status`, {}, { online: true, since: 2 });
    expect(listener).not.toHaveBeenCalled();
    expect(ipc.listenerCount(`${IPC_PREFIX}network.status`)).toBe(0);
  });

  it('unsubscribes only its own listener', () => {
    const { ipc, api } = setup();
    const first = vi.fn();
    const second = vi.fn();
    const offFirst = api.on('network.status', first);
    api.on('network.status', second);
    offFirst();
    ipc.emit(`${IPC_PREFIX}network.status`, {}, { online: true, since: 3 });
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledOnce();
  });

  it.each(['sync.everything', 'marquee:network.status', 7])(
    'throws a TypeError for the unlisted event %s',
    (event) => {
      const { ipc, api } = setup();
      expect(() => loose(api).on(event, () => undefined)).toThrow(TypeError);
      expect(ipc.eventNames()).toEqual([]);
    },
  );

  it('throws a TypeError when the listener is not a function', () => {
    const { api } = setup();
    expect(() => loose(api).on('network.status', 'not a function')).toThrow(TypeError);
  });
});

describe('the api object', () => {
  it('has exactly invoke and on, and cannot be changed by the page', () => {
    const { api } = setup();
    expect(Object.keys(api).sort()).toEqual(['invoke', 'on']);
    expect(Object.isFrozen(api)).toBe(true);
  });
});
