import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { ImportJobView } from '../../src-shared/ipc/contract';
import type { TitleCore } from '../../catalogue';
import { startTestCore, type TestCore } from '../core/testing/core';
import { LIBRARY_FILE } from '../db/databases';
import { diaryCsv, encode } from './read/testing/builders';

/*
 * A decision taken in an import's review (this row is that title, or skip it) is Marquee's own
 * data: it is written through the change path, one `import.decide` change per decision, in the
 * same transaction as the row's new state, and nothing is written when that transaction fails.
 */

let t: TestCore | undefined;
let db: Database.Database | undefined;
afterEach(async () => {
  db?.close();
  db = undefined;
  await t?.close();
  t = undefined;
});

const year = (c: TitleCore): string => c.date.slice(0, 4);

async function until(core: TestCore, jobId: string): Promise<ImportJobView> {
  for (let i = 0; i < 400; i++) {
    const job = await core.value('import.job', { jobId });
    if (job.state === 'ready' || job.state === 'failed') return job;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('the job never became ready');
}

interface ChangeRow {
  id: string;
  domain: string;
  kind: string;
  entity: string;
  data: string;
}

describe('a decision in an import’s review', () => {
  it('records one import.decide change per decision, and nothing when its write fails', async () => {
    t = await startTestCore();
    const film = t.catalogue.data.movies.find((m) => !m.adult) as TitleCore;
    const bytes = encode(
      diaryCsv([
        { name: film.title, year: String(Number(year(film)) - 7), watched: '2024-03-01' },
        { name: `${film.title} Zzyzx Qqq`, year: year(film), watched: '2024-03-02' },
      ]),
    );
    const staged = await t.core.imports.stageBytes('diary.csv', bytes);
    const { jobId } = await t.value('import.analyse', { sourceId: staged.sourceId });
    const job = await until(t, jobId);
    const rows = [...job.review, ...job.unmatched];
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [(typeof rows)[number], (typeof rows)[number]];

    db = new Database(path.join(t.dataDir, LIBRARY_FILE));
    const changes = (): ChangeRow[] =>
      (db as Database.Database)
        .prepare("SELECT id, domain, kind, entity, data FROM changes WHERE domain = 'import'")
        .all() as ChangeRow[];
    expect(changes()).toEqual([]);

    await t.value('import.resolve', {
      jobId,
      rowId: first.rowId,
      choice: { mediaType: 'movie', id: film.id },
    });
    const recorded = changes();
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ kind: 'import.decide' });
    expect(recorded[0]?.entity).toMatch(/^import-row:letterboxd:[0-9a-f]{32}$/);
    expect(JSON.parse(recorded[0]?.data ?? '{}')).toMatchObject({
      format: 'letterboxd',
      kind: 'watched',
      choice: { mediaType: 'movie', id: film.id },
    });

    // The change log cannot be written: the decision is refused whole, and the row keeps its state.
    db.exec(`CREATE TRIGGER refuse_decisions BEFORE INSERT ON changes
             WHEN NEW.kind = 'import.decide' BEGIN SELECT RAISE(ABORT, 'disk full'); END`);
    const refused = await t.call('import.resolve', {
      jobId,
      rowId: second.rowId,
      choice: { skip: true },
    });
    expect(refused.ok).toBe(false);
    const after = await t.value('import.job', { jobId });
    expect([...after.review, ...after.unmatched].map((r) => r.rowId)).toContain(second.rowId);
    expect(after.counts.watched.skipped).toBe(0);
    expect(changes()).toHaveLength(1);

    db.exec('DROP TRIGGER refuse_decisions');
    const skipped = await t.value('import.resolve', {
      jobId,
      rowId: second.rowId,
      choice: { skip: true },
    });
    expect(skipped.counts.watched.skipped).toBe(1);
    expect(changes().map((c) => JSON.parse(c.data) as { choice: unknown })).toMatchObject([
      { choice: { mediaType: 'movie', id: film.id } },
      { choice: { skip: true } },
    ]);
  });
});
