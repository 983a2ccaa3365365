import type { Logger } from '../base/log';
import { isAppUrl } from './origin';

/** The part of a DownloadItem the rule reads and sets. */
export interface DownloadLike {
  getURL(): string;
  getFilename(): string;
  setSaveDialogOptions(options: {
    title: string;
    defaultPath: string;
    filters: { name: string; extensions: string[] }[];
  }): void;
}

export interface DownloadSession {
  on(
    event: 'will-download',
    listener: (event: { preventDefault(): void }, item: DownloadLike) => void,
  ): unknown;
}

/**
 * The only download Marquee makes is the calendar export: the page saves `tracking.exportIcs`'s
 * text as a Blob, so its URL is `blob:app://marquee/…`. That one goes through Electron's save
 * dialog (named and filtered here); any other download is cancelled, so a page that somehow
 * loaded foreign content still cannot write files.
 */
export function isOwnBlob(url: string): boolean {
  return url.startsWith('blob:') && isAppUrl(url.slice('blob:'.length));
}

// A session is shared by every web contents: its rule is installed once.
const guarded = new WeakSet<DownloadSession>();

export function guardDownloads(session: DownloadSession, log: Logger): void {
  if (guarded.has(session)) return;
  guarded.add(session);
  session.on('will-download', (event, item) => {
    if (!isOwnBlob(item.getURL())) {
      event.preventDefault();
      log.warn('security.blocked', { what: 'download', url: item.getURL().slice(0, 200) });
      return;
    }
    item.setSaveDialogOptions({
      title: 'Export to calendar',
      defaultPath: item.getFilename(),
      filters: [{ name: 'iCalendar', extensions: ['ics'] }],
    });
  });
}
