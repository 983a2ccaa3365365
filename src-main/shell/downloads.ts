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
 * Marquee's downloads are files the page makes itself and saves as a Blob, so their URL is
 * `blob:app://marquee/…`: the calendar export (.ics), the "Year in review" image (.png), the backup
 * and JSON exports (.json) and CSV exports (.csv). Each goes through Electron's save dialog with
 * its own title and filter; any other download (another origin, another file type) is cancelled,
 * so a page that somehow loaded foreign content still cannot write files.
 */
export function isOwnBlob(url: string): boolean {
  return url.startsWith('blob:') && isAppUrl(url.slice('blob:'.length));
}

export interface SaveDialog {
  title: string;
  filters: { name: string; extensions: string[] }[];
}

const DIALOGS: Record<string, SaveDialog> = {
  ics: { title: 'Export to calendar', filters: [{ name: 'iCalendar', extensions: ['ics'] }] },
  png: { title: 'Save image', filters: [{ name: 'PNG image', extensions: ['png'] }] },
  json: { title: 'Export as JSON', filters: [{ name: 'JSON', extensions: ['json'] }] },
  csv: {
    title: 'Export as CSV',
    filters: [{ name: 'CSV (comma-separated values)', extensions: ['csv'] }],
  },
};
const BACKUP: SaveDialog = {
  title: 'Save Marquee backup',
  filters: [{ name: 'Marquee backup (JSON)', extensions: ['json'] }],
};

/**
 * The save dialog for a suggested file name, or undefined when Marquee never saves that type.
 * Only the last extension counts (`x.csv.exe` is an .exe).
 */
export function saveDialogFor(filename: string): SaveDialog | undefined {
  const name = filename.trim().toLowerCase();
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const extension = name.slice(dot + 1);
  if (extension === 'json' && name.startsWith('marquee-backup-')) return BACKUP;
  return Object.hasOwn(DIALOGS, extension) ? DIALOGS[extension] : undefined;
}

/** The suggested name without any folder part, so the dialog opens in the default folder. */
function baseName(filename: string): string {
  return filename.split(/[\\/]/).pop()?.trim() ?? '';
}

// A session is shared by every web contents: its rule is installed once.
const guarded = new WeakSet<DownloadSession>();

export function guardDownloads(session: DownloadSession, log: Logger): void {
  if (guarded.has(session)) return;
  guarded.add(session);
  session.on('will-download', (event, item) => {
    const name = baseName(item.getFilename());
    const dialog = isOwnBlob(item.getURL()) ? saveDialogFor(name) : undefined;
    if (!dialog) {
      event.preventDefault();
      log.warn('security.blocked', {
        what: 'download',
        url: item.getURL().slice(0, 200),
        file: name.slice(0, 200),
      });
      return;
    }
    item.setSaveDialogOptions({ title: dialog.title, defaultPath: name, filters: dialog.filters });
  });
}
