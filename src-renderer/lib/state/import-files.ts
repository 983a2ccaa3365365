import type { IpcError } from '../../../src-shared/ipc/errors';
import type { IpcResult } from '../../../src-shared/ipc/result';
import { call, uploadBridge } from '../api';
import { isStagedSource, type ExportKind, type SavedFile } from './import-model';

/**
 * Files crossing between the page and the core: an upload staged in the browser harness, and the
 * backup and exports handed back for the view to save.
 */

/** The browser harness: the chosen file goes to the core as it is; answers its staged id. */
export async function upload(file: File): Promise<IpcResult<{ sourceId: string }>> {
  const bridge = uploadBridge();
  if (!bridge) {
    return {
      ok: false,
      error: { code: 'unsupported', message: 'Uploads exist only in the browser harness.' },
    };
  }
  const reply = await bridge.upload(file);
  if (!reply.ok) return reply;
  if (!isStagedSource(reply.value)) {
    return {
      ok: false,
      error: { code: 'internal', message: 'Marquee’s core answered the upload without a file.' },
    };
  }
  return { ok: true, value: { sourceId: reply.value.sourceId } };
}

/** The profile as a backup file, for the view to save. */
export async function createBackup(): Promise<SavedFile | { error: IpcError }> {
  const reply = await call('backup.create', {});
  return reply.ok
    ? { fileName: reply.value.fileName, mimeType: 'application/json', text: reply.value.text }
    : { error: reply.error };
}

/** A file for other tools (see `export.file`). */
export async function exportFile(
  kind: ExportKind,
  listId?: string,
): Promise<SavedFile | { error: IpcError }> {
  const reply = await call('export.file', listId === undefined ? { kind } : { kind, listId });
  return reply.ok ? reply.value : { error: reply.error };
}
