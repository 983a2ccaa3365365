import { describe, expect, it, vi } from 'vitest';
import type { IpcMain, WebContents } from 'electron';
import { channelNames, IPC_PREFIX } from '../../src-shared/ipc/channels';
import { EventBus } from '../base/events';
import type { Dispatch, SenderCheck } from '../ipc/guard';
import { FakeIpcMain, FakeWebContents } from './testing/fake-electron';
import { forwardEvents, registerIpc, senderCheck } from './ipc';

vi.mock('electron', async () => (await import('./testing/fake-electron')).fakeElectronModule());

const mainFrame = (url: string) => ({ senderFrame: { parent: null, url } });

describe('senderCheck', () => {
  it('trusts the main frame of app://marquee', () => {
    expect(senderCheck(mainFrame('app://marquee/index.html'))).toEqual({
      trusted: true,
      origin: 'app://marquee',
    });
  });

  it('rejects a subframe, even of our own page', () => {
    const check = senderCheck({
      senderFrame: { parent: { url: 'app://marquee/' }, url: 'app://marquee/frame.html' },
    });
    expect(check.trusted).toBe(false);
    expect(check.origin).toContain('subframe');
  });

  it.each([
    'https://evil.com/',
    'app://evil/index.html',
    'file:///index.html',
    'http://127.0.0.1:5173/',
    'about:blank',
    '',
  ])('rejects the main frame of %s', (url) => {
    expect(senderCheck(mainFrame(url)).trusted).toBe(false);
  });

  it('rejects a call whose frame is gone', () => {
    expect(senderCheck({ senderFrame: null })).toEqual({ trusted: false, origin: 'none' });
  });

  it('rejects a call whose frame throws when read', () => {
    const event = {
      get senderFrame(): never {
        throw new Error('Render frame was disposed');
      },
    };
    expect(senderCheck(event).trusted).toBe(false);
  });

  it('never puts a path or query in the logged origin', () => {
    expect(senderCheck(mainFrame('https://evil.com/x?session_id=abcdef123456')).origin).toBe(
      'https://evil.com',
    );
  });
});

describe('registerIpc', () => {
  const register = () => {
    const ipcMain = new FakeIpcMain();
    const calls: { channel: unknown; input: unknown; sender: SenderCheck }[] = [];
    const dispatch: Dispatch = (channel, input, sender) => {
      calls.push({ channel, input, sender });
      return Promise.resolve({ ok: true, value: 'answer' });
    };
    const unregister = registerIpc(ipcMain as unknown as IpcMain, dispatch);
    return { ipcMain, calls, unregister };
  };

  it('registers exactly one handler per listed channel, and nothing else', () => {
    const { ipcMain } = register();
    expect([...ipcMain.handlers.keys()].sort()).toEqual(
      channelNames.map((c) => `${IPC_PREFIX}${c}`).sort(),
    );
    expect(ipcMain.listeners).toEqual([]);
  });

  it('leaves an unlisted channel without a handler', () => {
    const { ipcMain } = register();
    expect(ipcMain.handlers.has(`${IPC_PREFIX}library.deleteEverything`)).toBe(false);
    expect(ipcMain.handlers.has('app.info')).toBe(false);
  });

  it('passes channel, input and the sender check to the guard, and returns its result', async () => {
    const { ipcMain, calls } = register();
    const handler = ipcMain.handlers.get(`${IPC_PREFIX}app.info`);
    const result = await handler?.(
      mainFrame('app://marquee/index.html'),
      { x: 1 },
      'ignored extra argument',
    );
    expect(result).toEqual({ ok: true, value: 'answer' });
    expect(calls).toEqual([
      { channel: 'app.info', input: { x: 1 }, sender: { trusted: true, origin: 'app://marquee' } },
    ]);
  });

  it('marks calls from a foreign page as untrusted for the guard to refuse', async () => {
    const { ipcMain, calls } = register();
    await ipcMain.handlers.get(`${IPC_PREFIX}reference.countries`)?.(
      mainFrame('https://evil.com/'),
      undefined,
    );
    expect(calls[0]?.sender.trusted).toBe(false);
  });

  it('removes its handlers when asked', () => {
    const { ipcMain, unregister } = register();
    unregister();
    expect(ipcMain.handlers.size).toBe(0);
  });
});

describe('forwardEvents', () => {
  const payload = { online: false, since: 1, reason: 'TMDB unreachable' };

  it('sends core events to the page with the Marquee prefix', () => {
    const events = new EventBus();
    const contents = new FakeWebContents();
    forwardEvents(events, contents as unknown as WebContents);
    events.emit('network.status', payload);
    expect(contents.sent).toEqual([{ channel: `${IPC_PREFIX}network.status`, payload }]);
  });

  it('stops sending once the page is destroyed', () => {
    const events = new EventBus();
    const contents = new FakeWebContents();
    forwardEvents(events, contents as unknown as WebContents);
    contents.destroy();
    events.emit('network.status', payload);
    expect(contents.sent).toEqual([]);
  });

  it('does not send to a page that is destroyed but has not said so yet', () => {
    const events = new EventBus();
    const contents = new FakeWebContents();
    forwardEvents(events, contents as unknown as WebContents);
    contents.destroyed = true;
    events.emit('network.status', payload);
    expect(contents.sent).toEqual([]);
  });
});
