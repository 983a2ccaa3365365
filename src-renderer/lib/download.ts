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
