import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFileAtomic } from './atomic-write';

describe('writeFileAtomic', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'marquee-atomic-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('replaces the content and leaves only the target file', async () => {
    const file = join(dir, 'a.json');
    await writeFileAtomic(file, 'first');
    await writeFileAtomic(file, 'second');
    expect(await readFile(file, 'utf8')).toBe('second');
    expect(await readdir(dir)).toEqual(['a.json']);
  });

  it.skipIf(process.platform === 'win32')(
    'creates the file readable by its owner only (0600)',
    async () => {
      const file = join(dir, 'a.json');
      await writeFileAtomic(file, 'x');
      expect((await stat(file)).mode & 0o777).toBe(0o600);
    },
  );

  it('keeps the old content and no partial file when the write fails before the rename', async () => {
    const file = join(dir, 'a.json');
    await writeFile(file, 'old content');
    const failing = {
      rename: () => Promise.reject(new Error('disk full')),
    };
    await expect(writeFileAtomic(file, 'new content', failing)).rejects.toThrow('disk full');
    expect(await readFile(file, 'utf8')).toBe('old content');
    expect(await readdir(dir)).toEqual(['a.json']);
  });
});
