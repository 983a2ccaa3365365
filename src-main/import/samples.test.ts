import { afterEach, describe, expect, it } from 'vitest';
import { startCatalogue, type Catalogue } from '../../catalogue';
import type { ImportJobView } from '../../src-shared/ipc/contract';
import { startTestCore, type TestCore } from '../core/testing/core';
import { sampleSource } from './samples';

/** Each of the demo catalogue's sample exports, imported the way demo mode offers them. */
let t: TestCore | undefined;
let catalogue: Catalogue | undefined;
afterEach(async () => {
  await t?.close();
  await catalogue?.close();
  t = undefined;
  catalogue = undefined;
});

async function until(
  c: TestCore,
  jobId: string,
  states: ImportJobView['state'][],
): Promise<ImportJobView> {
  for (let i = 0; i < 1000; i++) {
    const job = await c.value('import.job', { jobId });
    if (states.includes(job.state)) return job;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`the job never reached ${states.join(' or ')}`);
}

const ALL = {
  watched: true,
  ratings: true,
  watchlist: true,
  favourites: true,
  lists: true,
  follows: true,
};

describe('the demo sample exports', () => {
  it('each imports: matched, review and unmatched rows, then nothing new the second time', async () => {
    catalogue = await startCatalogue({ titles: 200, messy: false });
    const cat = catalogue;
    t = await startTestCore({
      useCatalogue: cat,
      core: { imports: { samples: sampleSource(() => cat.samples()) } },
    });
    await t.signIn();
    const { samples } = await t.value('import.samples');
    expect(samples.map((s) => s.format).sort()).toEqual([
      'imdb',
      'letterboxd',
      'simkl',
      'trakt',
      'tvtime',
    ]);

    for (const sample of samples) {
      const staged = await t.value('import.stageSample', { id: sample.id });
      expect(staged.format).toBe(sample.format);
      const { jobId } = await t.value('import.analyse', { sourceId: staged.sourceId });
      const job = await until(t, jobId, ['ready', 'failed']);
      expect(job.state, `${sample.id}: ${job.error ?? ''}`).toBe('ready');
      const kinds = Object.values(job.counts);
      const matched = kinds.reduce((n, k) => n + k.matched, 0);
      expect(matched, sample.id).toBeGreaterThan(0);
      expect(
        kinds.reduce((n, k) => n + k.review + k.unmatched, 0),
        sample.id,
      ).toBeGreaterThan(0);
      // Every row needing review offers candidates with a poster and a year to choose from.
      for (const row of job.review.filter((r) => r.state === 'review'))
        expect(row.candidates.length, row.label).toBeGreaterThan(0);
      for (const row of job.unmatched) expect(row.reason, row.label).toBeTruthy();

      await t.value('import.apply', { jobId, targets: ALL });
      const done = await until(t, jobId, ['done', 'failed']);
      expect(done.state, `${sample.id}: ${done.error ?? ''}`).toBe('done');
      const added = Object.values(done.result ?? {}).reduce((n, r) => n + r.added, 0);
      expect(added, sample.id).toBeGreaterThan(0);

      // The same sample again: the preview says it is all there, and applying adds nothing.
      const again = await t.value('import.stageSample', { id: sample.id });
      const second = await t.value('import.analyse', { sourceId: again.sourceId });
      const preview = await until(t, second.jobId, ['ready']);
      for (const [kind, counts] of Object.entries(preview.counts))
        expect(counts.alreadyPresent, `${sample.id} ${kind}`).toBe(counts.matched);
      await t.value('import.apply', { jobId: second.jobId, targets: ALL });
      const after = await until(t, second.jobId, ['done', 'failed']);
      for (const [kind, r] of Object.entries(after.result ?? {}))
        expect(r.added, `${sample.id} ${kind}`).toBe(0);
    }
    await t.value('sync.now');
    const outbox = await t.value('sync.outbox');
    expect(outbox.entries.filter((e) => e.status === 'failed')).toEqual([]);
  }, 60_000);
});
