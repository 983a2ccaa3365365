import { afterEach, describe, expect, it } from 'vitest';
import type { ImportJobView } from '../../src-shared/ipc/contract';
import { startTestCore, type TestCore } from '../core/testing/core';
import { parseBackup } from './backup';

const cores: TestCore[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((c) => c.close()));
});
async function core(): Promise<TestCore> {
  const c = await startTestCore();
  cores.push(c);
  return c;
}
async function until(c: TestCore, jobId: string, states: ImportJobView['state'][]) {
  for (let i = 0; i < 400; i++) {
    const job = await c.value('import.job', { jobId });
    if (states.includes(job.state)) return job;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`the job never reached ${states.join(' or ')}`);
}

const mine = {
  region: 'FR',
  providers: [{ id: 8, name: 'Netflix', logoPath: '/pbpMk2JmcoNnQwx5JGpXngfoWtl.png' }],
  includeFree: false,
};

/* Preferences that follow the person (my services among them) are in every backup and restored. */
describe('preferences in a backup', () => {
  it('keeps my services and brings them back in another profile', async () => {
    const a = await core();
    await a.value('services.set', mine);
    const { fileName, text } = await a.value('backup.create');
    const doc = parseBackup(JSON.parse(text));
    expect(doc.preferences).toEqual([{ key: 'services', value: mine }]);

    const b = await core();
    const staged = await b.core.imports.stageBytes(fileName, new TextEncoder().encode(text));
    const { jobId } = await b.value('import.analyse', { sourceId: staged.sourceId });
    await until(b, jobId, ['ready']);
    await b.value('import.apply', {
      jobId,
      targets: { watched: true, ratings: true, watchlist: true, favourites: true, lists: true },
    });
    expect((await until(b, jobId, ['done', 'failed'])).state).toBe('done');
    expect(await b.value('services.get')).toMatchObject({ chosen: true, services: mine });
  }, 30_000);

  it('reads a backup written before preferences were kept', async () => {
    const a = await core();
    const { text } = await a.value('backup.create');
    const older = JSON.parse(text) as Record<string, unknown>;
    delete older.preferences;
    expect(parseBackup(older).preferences).toBeUndefined();
  });
});
