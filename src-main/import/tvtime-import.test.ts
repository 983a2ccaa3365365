import { afterEach, describe, expect, it } from 'vitest';
import {
  pickSampleTitles,
  scheduleOf,
  startCatalogue,
  tvdbEpisodeId,
  type Catalogue,
} from '../../catalogue';
import type { ImportJobView } from '../../src-shared/ipc/contract';
import { startTestCore, type TestCore } from '../core/testing/core';
import { sampleSource } from './samples';

/** The demo TV Time and Simkl samples imported through the core, against the demo catalogue. */
let t: TestCore | undefined;
let catalogue: Catalogue | undefined;
afterEach(async () => {
  await t?.close();
  await catalogue?.close();
  t = undefined;
  catalogue = undefined;
});

const NOW = Date.UTC(2026, 5, 1, 9);
const ALL = {
  watched: true,
  ratings: true,
  watchlist: true,
  favourites: true,
  lists: true,
  follows: true,
};

async function until(c: TestCore, jobId: string, states: ImportJobView['state'][]) {
  for (let i = 0; i < 1000; i++) {
    const job = await c.value('import.job', { jobId });
    if (states.includes(job.state)) return job;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`the job never reached ${states.join(' or ')}`);
}

async function start(): Promise<TestCore> {
  catalogue = await startCatalogue({ titles: 200, messy: false, now: () => NOW });
  const cat = catalogue;
  t = await startTestCore({
    useCatalogue: cat,
    core: { imports: { samples: sampleSource(() => cat.samples()) } },
  });
  await t.signIn();
  return t;
}

describe('importing the TV Time sample', () => {
  it("lands an episode numbered TheTVDB's way under TMDB's season and number", async () => {
    const core = await start();
    const picks = pickSampleTitles((catalogue as Catalogue).data);
    const renumbered = picks.series[1];
    const later = renumbered?.episodes.find((e) => e.season === 2);
    if (!renumbered || !later) throw new Error('the catalogue has no second season to renumber');
    const staged = await core.value('import.stageSample', { id: 'tvtime-demo' });
    const { jobId } = await core.value('import.analyse', { sourceId: staged.sourceId });
    const job = await until(core, jobId, ['ready', 'failed']);
    expect(job.state).toBe('ready');
    // The unknown film and the unknown series say why; the shared film name asks for a choice.
    expect(job.unmatched.map((r) => r.label).join(' | ')).toMatch(
      /Paper Moon|Olwen|Brennock|Almanac/,
    );
    expect(job.unmatched.some((r) => /TheTVDB id 69999/.test(r.reason ?? ''))).toBe(true);

    await core.value('import.apply', { jobId, targets: ALL });
    expect((await until(core, jobId, ['done', 'failed'])).state).toBe('done');
    const { plays } = await core.value('tracking.history', { limit: 1000, mediaType: 'episode' });
    const ofSeries = plays.filter((p) => p.mediaId === renumbered.core.id);
    expect(ofSeries.some((p) => p.season === 2 && p.episode === later.episode)).toBe(true);
    const before = renumbered.episodes.filter((e) => e.season === 1).length;
    expect(ofSeries.some((p) => p.season === 1 && p.episode === before + later.episode)).toBe(
      false,
    );
  }, 60_000);

  it('follows the followed series, stops following and hides the archived one, once', async () => {
    const core = await start();
    const picks = pickSampleTitles((catalogue as Catalogue).data);
    const [followed, archived] = picks.series;
    if (!followed || !archived) throw new Error('the catalogue has too few series');
    const staged = await core.value('import.stageSample', { id: 'tvtime-demo' });
    const { jobId } = await core.value('import.analyse', { sourceId: staged.sourceId });
    const job = await until(core, jobId, ['ready']);
    expect(job.counts.follows).toMatchObject({ total: 2, matched: 2, alreadyPresent: 0 });
    expect(job.problems.map((p) => p.message)).toContain(
      'TV Time follows: followed → followed in Marquee; archived (stopped watching) → not followed and hidden from Up Next (Marquee has no archive)',
    );

    await core.value('import.apply', { jobId, targets: ALL });
    const done = await until(core, jobId, ['done', 'failed']);
    expect(done.result?.follows).toEqual({ added: 2, alreadyPresent: 0, failed: 0 });
    const one = await core.value('tracking.progress', { seriesId: followed.core.id });
    expect(one).toMatchObject({ follow: 'follow', followed: true, hidden: false });
    // Watched in the export, yet archived: not followed, and hidden from Up Next.
    const two = await core.value('tracking.progress', { seriesId: archived.core.id });
    expect(two).toMatchObject({ follow: 'unfollow', followed: false, hidden: true });

    // The same file again says nothing new about follows, and applying it changes none.
    const again = await core.value('import.stageSample', { id: 'tvtime-demo' });
    const second = await core.value('import.analyse', { sourceId: again.sourceId });
    const preview = await until(core, second.jobId, ['ready']);
    expect(preview.counts.follows).toMatchObject({ matched: 2, alreadyPresent: 2 });
    await core.value('import.apply', { jobId: second.jobId, targets: ALL });
    const after = await until(core, second.jobId, ['done', 'failed']);
    expect(after.result?.follows).toEqual({ added: 0, alreadyPresent: 2, failed: 0 });
  }, 60_000);

  it('reads the same staged export again in the zone chosen in the preview', async () => {
    const core = await start();
    const staged = await core.value('import.stageSample', { id: 'tvtime-demo' });
    const first = await core.value('import.analyse', { sourceId: staged.sourceId });
    const utc = await until(core, first.jobId, ['ready']);
    expect(utc.problems[0]?.message).toMatch(/read as UTC/);
    const again = await core.value('import.analyse', {
      sourceId: staged.sourceId,
      timeZone: 'America/New_York',
    });
    const local = await until(core, again.jobId, ['ready']);
    expect(local.problems[0]?.message).toMatch(/read as America\/New_York time/);
    const bad = await core.call('import.analyse', {
      sourceId: staged.sourceId,
      timeZone: 'Mars/Olympus',
    });
    expect(bad.ok).toBe(false);
  }, 60_000);
});

describe('importing a TV Time watch of an episode with no air date yet', () => {
  it('matches it by its TheTVDB id and asks TMDB nothing the second time', async () => {
    const core = await start();
    const cat = catalogue as Catalogue;
    // TMDB gives an announced episode no air date; TV Time still lists it under its TheTVDB id.
    const unaired = cat.data.tv
      .map((series) => ({ series, schedule: scheduleOf(cat.data, series) }))
      .flatMap(({ series, schedule }) =>
        schedule.seasons
          .filter((s) => s.seasonNumber > 0)
          .flatMap((s) =>
            s.episodes
              .filter((e) => e.airDate === null)
              .map((e) => ({ series, season: s.seasonNumber, episode: e.number })),
          ),
      )[0];
    if (!unaired) throw new Error('the catalogue has no episode without an air date');
    const { series, season, episode } = unaired;
    // TV Time's name for the series is not TMDB's: only the TheTVDB ids can place the row.
    const csv = [
      'key,s_id,series_name,s_no,ep_no,ep_id,created_at',
      `watch-episode-1,${70_000 + series.index},"Renamed Elsewhere",${season},${episode},${tvdbEpisodeId(series.index, season, episode)},2024-03-01 20:00:00`,
    ].join('\n');
    const analyse = async (): Promise<ImportJobView> => {
      const bytes = new TextEncoder().encode(`${csv}\n`);
      const staged = await core.core.imports.stageBytes('tracking-prod-records-v2.csv', bytes);
      const { jobId } = await core.value('import.analyse', { sourceId: staged.sourceId });
      return until(core, jobId, ['ready', 'failed']);
    };

    const first = await analyse();
    expect(first.unmatched.map((r) => r.reason)).toEqual([]);
    expect(first.counts.watched.matched).toBe(1);
    cat.requests.reset();
    const second = await analyse();
    expect(second.counts.watched.matched).toBe(1);
    expect(cat.requests.count(/^\/3\/find\//)).toBe(0);

    await core.value('import.apply', { jobId: second.jobId, targets: ALL });
    expect((await until(core, second.jobId, ['done', 'failed'])).state).toBe('done');
    const { plays } = await core.value('tracking.history', { limit: 10, mediaType: 'episode' });
    expect(plays.map((p) => [p.mediaId, p.season, p.episode])).toEqual([
      [series.id, season, episode],
    ]);
  }, 60_000);
});
