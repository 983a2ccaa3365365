import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ImportFileError } from '../rows';
import { DEFAULT_LIMITS } from './limits';
import { isZip, readZip } from './zip';
import { zipOf } from './testing/builders';

const limits = { ...DEFAULT_LIMITS };

/** Rewrites the declared uncompressed size of the zip's only entry (local header and directory). */
function lieAboutSize(zip: Uint8Array, size: number): Uint8Array {
  const out = zip.slice();
  const view = new DataView(out.buffer);
  view.setUint32(22, size, true);
  for (let i = out.length - 22; i >= 0; i--) {
    if (view.getUint32(i, true) === 0x02014b50) {
      view.setUint32(i + 24, size, true);
      break;
    }
  }
  return out;
}

describe('readZip', () => {
  it('reads the text entries of a zip, keeping their paths as names', async () => {
    const zip = zipOf({
      'export/diary.csv': 'a,b\n',
      'export/likes/films.csv': 'c\n',
      'export/avatar.png': new Uint8Array([1, 2]),
    });
    expect(isZip(zip)).toBe(true);
    const files = await readZip(zip, 'letterboxd.zip', limits);
    expect(files.map((f) => [f.name, new TextDecoder().decode(f.bytes)])).toEqual([
      ['export/diary.csv', 'a,b\n'],
      ['export/likes/films.csv', 'c\n'],
    ]);
  });

  it('says a truncated zip is truncated', async () => {
    const zip = zipOf({ 'diary.csv': 'Date,Name\n'.repeat(500), 'ratings.csv': 'x\n' });
    const cut = zip.slice(0, Math.floor(zip.length / 2));
    await expect(readZip(cut, 'export.zip', limits)).rejects.toThrow(ImportFileError);
    await expect(readZip(cut, 'export.zip', limits)).rejects.toThrow(
      /export\.zip could not be opened as a zip: it may be truncated/,
    );
  });

  it('refuses a zip with too many entries before inflating any', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 6; i++) files[`f${i}.csv`] = 'x';
    await expect(readZip(zipOf(files), 'many.zip', { ...limits, maxEntries: 5 })).rejects.toThrow(
      /holds 6 files; Marquee reads zips of at most 5 files/,
    );
  });

  it('refuses an entry that declares more than the per-entry cap', async () => {
    const zip = zipOf({ 'diary.csv': 'a'.repeat(100_000) });
    await expect(readZip(zip, 'bomb.zip', { ...limits, maxEntryBytes: 10_000 })).rejects.toThrow(
      /diary\.csv would inflate to 100,000 bytes, over Marquee's limit/,
    );
  });

  it('refuses entries that together declare more than the total cap', async () => {
    const zip = zipOf({ 'a.csv': 'a'.repeat(6_000), 'b.csv': 'b'.repeat(6_000) });
    await expect(readZip(zip, 'bomb.zip', { ...limits, maxTotalBytes: 10_000 })).rejects.toThrow(
      /would inflate to more than 10,000 bytes/,
    );
  });

  it('stops inflating an entry whose header understates its size (a lying zip bomb)', async () => {
    const zip = lieAboutSize(zipOf({ 'diary.csv': 'a'.repeat(5_000_000) }), 1_000);
    await expect(readZip(zip, 'bomb.zip', limits)).rejects.toThrow(
      /inflates to more than the size its header declares/,
    );
  });

  it('refuses entry names that point outside the archive and writes nothing', async () => {
    for (const name of ['../../marquee-escape/diary.csv', '/tmp/marquee-escape/diary.csv']) {
      const zip = zipOf({ [name]: 'Date,Name,Year,Letterboxd URI\n' });
      await expect(readZip(zip, 'evil.zip', limits)).rejects.toThrow(/name points outside the zip/);
    }
    expect(existsSync('/tmp/marquee-escape')).toBe(false);
  });

  it('says so when the zip is password-protected', async () => {
    const zip = zipOf({ 'diary.csv': 'Date,Name\n' });
    const view = new DataView(zip.buffer);
    view.setUint16(6, view.getUint16(6, true) | 1, true);
    for (let i = zip.length - 22; i >= 0; i--) {
      if (view.getUint32(i, true) === 0x02014b50) {
        view.setUint16(i + 8, view.getUint16(i + 8, true) | 1, true);
        break;
      }
    }
    await expect(readZip(zip, 'locked.zip', limits)).rejects.toThrow(
      /locked\.zip is password-protected \(diary\.csv is encrypted\).*Unzip it yourself with its password.*import the folder/,
    );
  });

  it('names AES encryption (method 99) as password protection, not as damage', async () => {
    const zip = zipOf({ 'tracking-prod-records.csv': 'uuid,type\n' });
    const view = new DataView(zip.buffer);
    for (let i = zip.length - 22; i >= 0; i--) {
      if (view.getUint32(i, true) === 0x02014b50) {
        view.setUint16(i + 10, 99, true);
        break;
      }
    }
    await expect(readZip(zip, 'tv-time-personal-data.zip', limits)).rejects.toThrow(
      /tv-time-personal-data\.zip is password-protected .*import the folder it gives/,
    );
  });

  it('never inflates credential files', async () => {
    const files = await readZip(
      zipOf({
        'access_token.csv': 'token\nsecret-value\n',
        'auth-prod-login.csv': 'email,password\na,b\n',
        'user_devices.csv': 'ip\n1.2.3.4\n',
        'followed_tv_show.csv': 'tv_show_id,active\n1,1\n',
      }),
      'tv-time.zip',
      limits,
    );
    expect(files.map((f) => f.name)).toEqual(['followed_tv_show.csv']);
  });

  it('is not fooled by a file that merely starts like a zip', async () => {
    const fake = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]);
    await expect(readZip(fake, 'fake.zip', limits)).rejects.toThrow(/could not be opened as a zip/);
  });
});
