import type { ImportJobView } from '../../../src-shared/ipc/contract';
import type { TestCore } from '../../core/testing/core';

/** Polls an import job until it reaches one of `states`. */
export async function until(
  c: TestCore,
  jobId: string,
  states: ImportJobView['state'][],
): Promise<ImportJobView> {
  for (let i = 0; i < 400; i++) {
    const job = await c.value('import.job', { jobId });
    if (states.includes(job.state)) return job;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`the job never reached ${states.join(' or ')}`);
}

const ALL = { watched: true, ratings: true, watchlist: true, favourites: true, lists: true };

/** Stages a backup's text and reads its plan (the job's preview), writing nothing. */
export async function planFrom(c: TestCore, text: string): Promise<ImportJobView> {
  const staged = await c.core.imports.stageBytes('backup.json', new TextEncoder().encode(text));
  const { jobId } = await c.value('import.analyse', { sourceId: staged.sourceId });
  return until(c, jobId, ['ready', 'failed']);
}

/** Restores a backup's text into `c` as the user would (preview, then apply everything). */
export async function restoreFrom(c: TestCore, text: string): Promise<ImportJobView> {
  const preview = await planFrom(c, text);
  if (preview.state !== 'ready') return preview;
  await c.value('import.apply', { jobId: preview.jobId, targets: ALL });
  return until(c, preview.jobId, ['done', 'failed']);
}

/**
 * A backup's text without its creation time and its lists' ids (each profile numbers its own
 * lists), to compare the backups of two profiles holding the same things.
 */
export const withoutStamp = (text: string): unknown => {
  const doc = JSON.parse(text) as { createdAt?: number; library: { lists: { id?: string }[] } };
  delete doc.createdAt;
  for (const list of doc.library.lists) delete list.id;
  return doc;
};
