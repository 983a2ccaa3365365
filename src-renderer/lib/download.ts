import type { SavedFile } from './state/import.svelte';

/**
 * Saves text the core produced as a download named by the core. In Electron the download handler
 * asks where to save it; in the browser the browser does.
 */
export function saveDownload(file: SavedFile): void {
  const url = URL.createObjectURL(new Blob([file.text], { type: file.mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.click();
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 0);
}

/**
 * What the toast says under "Saved …" when the core wrote some rows differently from what is
 * stored (a viewing whose stored date no file can hold goes out undated): its notes, one per row,
 * or null when there are none. The notes travel beside the file (`export.file`'s `notes`).
 */
export function exportNotes(file: SavedFile & { notes?: unknown }): string | null {
  const notes: unknown[] = Array.isArray(file.notes) ? file.notes : [];
  const lines = notes.filter((n): n is string => typeof n === 'string');
  return lines.length === 0 ? null : lines.join(' ');
}
