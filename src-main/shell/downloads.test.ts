import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { memoryLogger } from '../base/testing/memory-logger';
import { guardDownloads, isOwnBlob, type DownloadLike, type DownloadSession } from './downloads';
import { FakeEvent } from './testing/fake-electron';

class Session extends EventEmitter implements DownloadSession {}

function download(url: string): DownloadLike & { dialog: unknown } {
  return {
    dialog: null,
    getURL: () => url,
    getFilename: () => 'marquee-upcoming.ics',
    setSaveDialogOptions(options) {
      this.dialog = options;
    },
  };
}

describe('downloads', () => {
  it('lets the calendar export (a Blob of our own page) through the save dialog', () => {
    const session = new Session();
    guardDownloads(session, memoryLogger());
    const item = download('blob:app://marquee/4b0c6a2e-0000-4000-8000-000000000000');
    const event = new FakeEvent();
    session.emit('will-download', event, item);
    expect(event.defaultPrevented).toBe(false);
    expect(item.dialog).toMatchObject({
      defaultPath: 'marquee-upcoming.ics',
      filters: [{ name: 'iCalendar', extensions: ['ics'] }],
    });
  });

  it('cancels any other download', () => {
    const session = new Session();
    const log = memoryLogger();
    guardDownloads(session, log);
    for (const url of ['https://evil.example/x.exe', 'blob:https://evil.example/1', 'data:,x']) {
      const event = new FakeEvent();
      session.emit('will-download', event, download(url));
      expect(event.defaultPrevented).toBe(true);
    }
    expect(log.lines.some((l) => l.includes('security.blocked'))).toBe(true);
  });

  it('installs one rule per session, however many pages share it', () => {
    const session = new Session();
    guardDownloads(session, memoryLogger());
    guardDownloads(session, memoryLogger());
    expect(session.listenerCount('will-download')).toBe(1);
    expect(isOwnBlob('app://marquee/index.html')).toBe(false);
  });
});
