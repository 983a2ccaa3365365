import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { memoryLogger } from '../base/testing/memory-logger';
import {
  guardDownloads,
  isOwnBlob,
  saveDialogFor,
  type DownloadLike,
  type DownloadSession,
} from './downloads';
import { FakeEvent } from './testing/fake-electron';

class Session extends EventEmitter implements DownloadSession {}

const OWN = 'blob:app://marquee/4b0c6a2e-0000-4000-8000-000000000000';

function download(
  url: string,
  filename = 'marquee-upcoming.ics',
): DownloadLike & { dialog: unknown } {
  return {
    dialog: null,
    getURL: () => url,
    getFilename: () => filename,
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

  it('gives each file Marquee saves its own dialog title and filter', () => {
    const session = new Session();
    guardDownloads(session, memoryLogger());
    const cases: [string, string, string, string][] = [
      ['marquee-year-2025.png', 'Save image', 'PNG image', 'png'],
      ['marquee-backup-2026-11-22.json', 'Save Marquee backup', 'Marquee backup (JSON)', 'json'],
      ['marquee-history.json', 'Export as JSON', 'JSON', 'json'],
      ['marquee-history.CSV', 'Export as CSV', 'CSV (comma-separated values)', 'csv'],
      ['marquee-upcoming.ics', 'Export to calendar', 'iCalendar', 'ics'],
    ];
    for (const [filename, title, name, extension] of cases) {
      const item = download(OWN, filename);
      const event = new FakeEvent();
      session.emit('will-download', event, item);
      expect(event.defaultPrevented).toBe(false);
      expect(item.dialog).toEqual({
        title,
        defaultPath: filename,
        filters: [{ name, extensions: [extension] }],
      });
    }
  });

  it('refuses other file types from our own page, and keeps folder parts out of the name', () => {
    const session = new Session();
    const log = memoryLogger();
    guardDownloads(session, log);
    for (const filename of ['setup.exe', 'report.csv.exe', 'notes.html', 'json', '.csv', '']) {
      const event = new FakeEvent();
      session.emit('will-download', event, download(OWN, filename));
      expect(event.defaultPrevented, filename).toBe(true);
    }
    expect(log.lines.filter((l) => l.includes('security.blocked'))).toHaveLength(6);
    const item = download(OWN, '../../etc/marquee-history.csv');
    session.emit('will-download', new FakeEvent(), item);
    expect(item.dialog).toMatchObject({ defaultPath: 'marquee-history.csv' });
    expect(saveDialogFor('x.toString')).toBeUndefined();
    expect(saveDialogFor('x.constructor')).toBeUndefined();
  });

  it('cancels any other download', () => {
    const session = new Session();
    const log = memoryLogger();
    guardDownloads(session, log);
    for (const url of ['https://evil.example/x.exe', 'blob:https://evil.example/1', 'data:,x']) {
      const event = new FakeEvent();
      // A foreign URL is refused even under a name Marquee would save.
      session.emit('will-download', event, download(url, 'marquee-history.csv'));
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
