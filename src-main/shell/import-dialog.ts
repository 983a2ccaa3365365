import type { BrowserWindow, Dialog, OpenDialogOptions } from 'electron';
import type { PickImportSource } from '../import/service-types';

/** Electron's `dialog`, as far as picking an import needs it. */
export type OpenDialog = Pick<Dialog, 'showOpenDialog'>;

const FILTERS: OpenDialogOptions['filters'] = [
  { name: 'Exports (zip, CSV, JSON)', extensions: ['zip', 'csv', 'json'] },
  { name: 'All files', extensions: ['*'] },
];

/**
 * The open dialog for an import: a file (a zip, CSV or JSON export, or a Marquee backup) or a
 * folder (an unzipped export). Answers the chosen path, or null when the user cancels; main then
 * reads the file, never the renderer.
 */
export function createPickImportSource(
  dialog: OpenDialog,
  window: () => BrowserWindow | undefined,
): PickImportSource {
  return async (kind) => {
    const options: OpenDialogOptions =
      kind === 'file'
        ? { title: 'Import into Marquee', properties: ['openFile'], filters: FILTERS }
        : { title: 'Import an export folder into Marquee', properties: ['openDirectory'] };
    const parent = window();
    const result = parent
      ? await dialog.showOpenDialog(parent, options)
      : await dialog.showOpenDialog(options);
    if (result.canceled) return null;
    return result.filePaths[0] ?? null;
  };
}

/**
 * The folder dialog for sync across computers: a folder inside the one a sync service (Syncthing,
 * Dropbox, iCloud Drive, OneDrive) keeps in step. Answers its path, or null when the user cancels.
 */
export function createPickSyncFolder(
  dialog: OpenDialog,
  window: () => BrowserWindow | undefined,
): () => Promise<string | null> {
  return async () => {
    const options: OpenDialogOptions = {
      title: 'Choose the folder your computers share',
      properties: ['openDirectory', 'createDirectory'],
    };
    const parent = window();
    const result = parent
      ? await dialog.showOpenDialog(parent, options)
      : await dialog.showOpenDialog(options);
    if (result.canceled) return null;
    return result.filePaths[0] ?? null;
  };
}
