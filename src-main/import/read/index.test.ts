import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ImportFileError } from '../rows';
import { readImport } from './index';
import {
  IMDB_RATINGS,
  LB_DIARY,
  csv,
  diaryCsv,
  encode,
  imdbRating,
  traktIds,
  zipOf,
  matching,
} from './testing/builders';

const diary = diaryCsv([{ name: 'Heat', year: '1995', watched: '2024-01-05', rating: '4' }]);
const imdb = csv(IMDB_RATINGS, [imdbRating('tt0113277', '9', 'Heat', '1995')]);
const history = JSON.stringify([
  {
    watched_at: '2024-01-01T00:00:00Z',
    type: 'movie',
    movie: { title: 'Heat', year: 1995, ids: traktIds(1, 949) },
  },
]);

async function fault(input: Parameters<typeof readImport>[0]): Promise<string> {
  try {
    await readImport(input);
  } catch (error) {
    expect(error).toBeInstanceOf(ImportFileError);
    return (error as Error).message;
  }
  throw new Error('expected the read to fail');
}

describe('readImport: the format comes from the contents, not the name', () => {
  it('tells each format by what is inside, whatever the file is called', async () => {
    expect((await readImport({ name: 'ratings.json', bytes: encode(diary) })).format).toBe(
      'letterboxd',
    );
    expect((await readImport({ name: 'diary.csv', bytes: encode(imdb) })).format).toBe('imdb');
    expect((await readImport({ name: 'export.csv', bytes: encode(history) })).format).toBe('trakt');
  });

  it('detects a Marquee backup and hands the document over untouched', async () => {
    const doc = {
      format: 'marquee-backup',
      version: 1,
      createdAt: '2024-01-01T00:00:00Z',
      plays: [{ id: 1 }],
    };
    const parsed = await readImport({ name: 'whatever.txt', bytes: encode(JSON.stringify(doc)) });
    expect(parsed).toEqual({
      format: 'marquee-backup',
      rows: [],
      problems: [],
      files: ['whatever.txt'],
      backup: doc,
    });
  });

  it('reads a path to a file the same as its bytes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'marquee-read-'));
    try {
      writeFileSync(join(dir, 'ratings.csv'), imdb);
      const fromPath = await readImport({ path: join(dir, 'ratings.csv') });
      expect(fromPath).toEqual(await readImport({ name: 'ratings.csv', bytes: encode(imdb) }));
      expect(await fault({ path: join(dir, 'missing.csv') })).toMatch(
        /missing\.csv could not be found/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('readImport: folders', () => {
  it('does not follow symbolic links out of the folder, and skips hidden folders', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'marquee-folder-'));
    const outside = mkdtempSync(join(tmpdir(), 'marquee-outside-'));
    try {
      writeFileSync(join(outside, 'diary.csv'), diary);
      symlinkSync(join(outside, 'diary.csv'), join(dir, 'diary.csv'));
      symlinkSync(outside, join(dir, 'linked'));
      mkdirSync(join(dir, '.cache'));
      writeFileSync(join(dir, '.cache', 'diary.csv'), diary);
      expect(await fault({ path: dir })).toMatch(/is not an export Marquee can read/);
      writeFileSync(join(dir, 'ratings.csv'), imdb);
      const parsed = await readImport({ path: dir });
      expect(parsed.format).toBe('imdb');
      expect(parsed.files).toEqual(['ratings.csv']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(outside, { recursive: true, force: true });
    }
  });
});

describe('readImport: whole-file faults get one clear message', () => {
  it('refuses a file of the wrong type', async () => {
    const png = new Uint8Array([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
    ]);
    expect(await fault({ name: 'watched.csv', bytes: png })).toMatch(
      /watched\.csv is not a text file/,
    );
    expect(await fault({ name: 'budget.csv', bytes: encode('Item,Cost\nRent,900\n') })).toMatch(
      /budget\.csv is not an export Marquee can read.*Letterboxd.*IMDb.*Trakt.*Marquee backup/,
    );
    expect(await fault({ name: 'notes.json', bytes: encode('{"hello": "world"}') })).toMatch(
      /not an export Marquee can read/,
    );
    expect(await fault({ name: 'empty.csv', bytes: new Uint8Array() })).toBe('empty.csv is empty.');
  });

  it('says a cut-off JSON file is not valid JSON', async () => {
    expect(
      await fault({ name: 'watched-history.json', bytes: encode(history.slice(0, 40)) }),
    ).toMatch(/not valid JSON: it may be truncated/);
  });

  it('refuses a zip holding two different exports', async () => {
    const zip = zipOf({ 'diary.csv': diary, 'ratings.csv': imdb });
    expect(await fault({ name: 'mixed.zip', bytes: zip })).toBe(
      'mixed.zip holds both a Letterboxd and an IMDb export. Import them one at a time.',
    );
  });

  it('refuses a zip with nothing importable in it', async () => {
    expect(
      await fault({
        name: 'photos.zip',
        bytes: zipOf({ 'a.png': new Uint8Array([1]), 'notes.txt': 'hello' }),
      }),
    ).toMatch(/photos\.zip is not an export Marquee can read/);
  });

  it('refuses a 1,000,000-row file with the limit in the message', async () => {
    const row = '2024-01-05,"Film, one",1995,https://boxd.it/x,4,,,2024-01-05\r\n';
    const bytes = encode(`${LB_DIARY.join(',')}\r\n${row.repeat(1_000_000)}`);
    expect(await fault({ name: 'diary.csv', bytes })).toMatch(
      /diary\.csv has more than 250,000 rows.*Split it/,
    );
  });
});

describe('readImport: encodings', () => {
  it('reads a Windows-1252 file, says so, and keeps the accents', async () => {
    const text = diaryCsv([{ name: 'Amélie', year: '2001', watched: '2024-01-05' }]);
    const bytes = Uint8Array.from(Array.from(text, (c) => c.charCodeAt(0)));
    const parsed = await readImport({ name: 'diary.csv', bytes });
    expect(parsed.rows[0]?.ref.title).toBe('Amélie');
    expect(parsed.problems).toEqual([
      { file: 'diary.csv', line: 0, message: matching(/not UTF-8.*Windows-1252/) },
    ]);
  });
});

describe('readImport: anything at all', () => {
  /** Resolves, or rejects with ImportFileError: never another kind of error. */
  async function settles(name: string, bytes: Uint8Array): Promise<void> {
    try {
      const parsed = await readImport({ name, bytes });
      expect(['letterboxd', 'imdb', 'trakt', 'marquee-backup']).toContain(parsed.format);
    } catch (error) {
      expect(error).toBeInstanceOf(ImportFileError);
    }
  }

  it('answers random bytes with a result or a clear message', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 400 }), (bytes) => settles('x.csv', bytes)),
      { numRuns: 150 },
    );
  });

  it('answers damaged exports (random cuts and flipped bytes) with a result or a clear message', async () => {
    const zip = zipOf({ 'diary.csv': diary, 'ratings.json': history });
    const texts = [encode(diary), encode(imdb), encode(history), zip];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...texts),
        fc.nat(),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 6 }),
        async (source, cut, flips) => {
          const bytes = source.slice(0, 1 + (cut % source.length));
          for (const [at, value] of flips) bytes[at % bytes.length] = value;
          await settles('export', bytes);
        },
      ),
      { numRuns: 200 },
    );
  });
});
