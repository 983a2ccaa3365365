import { describe, expect, it } from 'vitest';
import type { BrowserWindow } from 'electron';
import { createPickImportSource, createPickSyncFolder } from './import-dialog';
import { FakeBrowserWindow, FakeDialog } from './testing/fake-electron';

describe('the import open dialog', () => {
  it('asks for a file over the window and answers its path', async () => {
    const dialog = new FakeDialog();
    const window = new FakeBrowserWindow({}) as unknown as BrowserWindow;
    const pick = createPickImportSource(dialog, () => window);
    dialog.answer = { canceled: false, filePaths: ['/home/me/letterboxd.zip'] };
    await expect(pick('file')).resolves.toBe('/home/me/letterboxd.zip');
    expect(dialog.shown[0]?.parent).toBe(window);
    expect(dialog.shown[0]?.options).toMatchObject({
      properties: ['openFile'],
      filters: expect.arrayContaining([
        expect.objectContaining({ extensions: ['zip', 'csv', 'json'] }),
      ]) as unknown,
    });
  });

  it('asks for a folder, and answers null when the user cancels', async () => {
    const dialog = new FakeDialog();
    const pick = createPickImportSource(dialog, () => undefined);
    await expect(pick('folder')).resolves.toBeNull();
    expect(dialog.shown[0]).toMatchObject({
      parent: null,
      options: { properties: ['openDirectory'] },
    });
  });
});

describe('the sync folder dialog', () => {
  it('asks for a folder (one may be made there) over the window, and answers null on cancel', async () => {
    const dialog = new FakeDialog();
    const window = new FakeBrowserWindow({}) as unknown as BrowserWindow;
    const pick = createPickSyncFolder(dialog, () => window);
    dialog.answer = { canceled: false, filePaths: ['/home/me/Sync/Marquee'] };
    await expect(pick()).resolves.toBe('/home/me/Sync/Marquee');
    expect(dialog.shown[0]?.parent).toBe(window);
    expect(dialog.shown[0]?.options).toMatchObject({
      properties: ['openDirectory', 'createDirectory'],
    });
    dialog.answer = { canceled: true, filePaths: [] };
    await expect(pick()).resolves.toBeNull();
  });
});
