import Papa from 'papaparse';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestCore, type TestCore } from '../core/testing/core';

let t: TestCore | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

function film(core: TestCore, index: number): { id: number; title: string } {
  const m = core.catalogue.data.movies[index];
  if (!m) throw new Error(`the catalogue has no film ${index}`);
  return m;
}

const rowsOf = (text: string): Record<string, string>[] =>
  Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;

describe('exports for other tools', () => {
  it('writes Letterboxd’s import CSV: one line per viewing, rewatches marked, ratings on 1–10', async () => {
    t = await startTestCore();
    await t.signIn();
    const [a, b, c] = [film(t, 20), film(t, 21), film(t, 22)];
    // Fetch the titles so the cache can name them.
    for (const m of [a, b, c]) await t.value('movie.details', { id: m.id });
    await t.value('tracking.mark', {
      target: { scope: 'movie', movieId: a.id },
      when: { kind: 'date', date: '2024-01-02' },
    });
    await t.value('tracking.mark', {
      target: { scope: 'movie', movieId: a.id },
      when: { kind: 'date', date: '2024-03-04' },
    });
    await t.value('tracking.mark', {
      target: { scope: 'movie', movieId: b.id },
      when: { kind: 'unknown' },
    });
    await t.value('library.rate', { target: { mediaType: 'movie', mediaId: a.id }, value: 7.5 });
    await t.value('library.rate', { target: { mediaType: 'movie', mediaId: c.id }, value: 4 });

    const file = await t.value('export.file', { kind: 'letterboxd' });
    expect(file.mimeType).toBe('text/csv');
    expect(file.fileName).toMatch(/^marquee-letterboxd-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(file.text.split('\r\n')[0]).toBe('tmdbID,Title,Year,Rating10,WatchedDate,Rewatch');
    const rows = rowsOf(file.text);
    const ofA = rows.filter((r) => r.tmdbID === String(a.id));
    expect(ofA.map((r) => [r.WatchedDate, r.Rewatch, r.Rating10])).toEqual([
      ['2024-01-02', 'false', '7.5'],
      ['2024-03-04', 'true', '7.5'],
    ]);
    expect(ofA[0]?.Title).toBe(a.title);
    expect(rows.find((r) => r.tmdbID === String(b.id))).toMatchObject({
      WatchedDate: '',
      Rewatch: 'false',
    });
    // Rated but never logged: one undated line with the rating.
    expect(rows.find((r) => r.tmdbID === String(c.id))).toMatchObject({
      Rating10: '4',
      WatchedDate: '',
    });

    const imdb = await t.value('export.file', { kind: 'imdbRatings' });
    const rated = rowsOf(imdb.text);
    expect(Object.keys(rated[0] ?? {})).toEqual([
      'Const',
      'Your Rating',
      'Date Rated',
      'Title',
      'URL',
      'Title Type',
      'Year',
      'TMDb ID',
    ]);
    // IMDb rates in whole stars: 7.5 rounds to 8.
    expect(rated.find((r) => r['TMDb ID'] === String(a.id))).toMatchObject({
      'Your Rating': '8',
      'Title Type': 'movie',
    });
  });

  it('writes a list as CSV and JSON, quoting commas, quotes and newlines', async () => {
    t = await startTestCore();
    await t.signIn();
    const [a, b] = [film(t, 30), film(t, 31)];
    const { list } = await t.value('lists.create', {
      name: 'Best, "ever"',
      description: 'two\nlines',
    });
    await t.value('lists.addItem', { listId: list.id, movieId: a.id });
    await t.value('lists.addItem', { listId: list.id, movieId: b.id });

    const asCsv = await t.value('export.file', { kind: 'listCsv', listId: list.id });
    expect(asCsv.fileName).toBe('marquee-list-best-ever.csv');
    const rows = rowsOf(asCsv.text);
    expect(rows.map((r) => r.tmdbID).sort()).toEqual([String(a.id), String(b.id)].sort());
    expect(rows.map((r) => r.Position)).toEqual(['1', '2']);

    const asJson = await t.value('export.file', { kind: 'listJson', listId: list.id });
    const doc = JSON.parse(asJson.text) as { name: string; description: string; items: unknown[] };
    expect(doc).toMatchObject({ name: 'Best, "ever"', description: 'two\nlines' });
    expect(doc.items).toHaveLength(2);

    const missing = await t.call('export.file', { kind: 'listCsv' });
    expect(missing.ok).toBe(false);
  });
});
