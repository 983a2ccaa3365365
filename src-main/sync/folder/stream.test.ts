import { writeFile } from 'node:fs/promises';
import { deflateRawSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SharedChange } from '../types';
import { unseal } from './crypto';
import { nodeFolderFs, type FolderFs } from './folder-fs';
import {
  changesBody,
  changesLines,
  decodeFile,
  encodeFile,
  parseChangesBody,
  peekHeader,
  type FileHeader,
} from './format';
import { DEVICE_A, DEVICE_B, play, plays, tempFolder, type TempFolder } from './testing/fixtures';

/** Enough changes for several pieces, with a long line and text far from ASCII among them. */
function history(): SharedChange[] {
  const changes = plays(DEVICE_A, 1, 4500);
  changes[10] = { ...play(DEVICE_A, 11), data: { note: 'x'.repeat(10_000) } };
  changes[2100] = {
    ...play(DEVICE_A, 2101),
    entity: 'series:Amélie – 千と千尋の神隠し',
    data: { title: 'Ελληνικά, русский, עברית, 🎬🍿 and a “quote”', long: 'ß€😀'.repeat(2500) },
  };
  return changes;
}

const header: FileHeader = { kind: 'snapshot', device: DEVICE_A, number: 7 };

describe('a body deflated as it is made', () => {
  let folder: TempFolder;

  beforeEach(async () => {
    folder = await tempFolder();
  });
  afterEach(async () => {
    await folder.dispose();
  });

  it('is made in several pieces that add up to the whole body', async () => {
    const pieces: Buffer[] = [];
    for await (const piece of changesLines(history(), DEVICE_A)) pieces.push(piece);
    expect(pieces.length).toBeGreaterThan(2);
    expect(Buffer.concat(pieces).equals(await changesBody(history(), DEVICE_A))).toBe(true);
  });

  it('writes the bytes a whole body deflated at once gives, which decode to the same changes', async () => {
    const changes = history();
    const whole = await changesBody(changes, DEVICE_A);
    const streamed = await encodeFile(folder.key, header, changesLines(changes, DEVICE_A));
    const before = await encodeFile(folder.key, header, whole);

    for (const bytes of [streamed, before]) {
      const decoded = await decodeFile(folder.key, bytes, header);
      if (!decoded.ok) throw new Error(decoded.message);
      expect(decoded.body.equals(whole)).toBe(true);
      expect(await parseChangesBody(decoded.body, DEVICE_A)).toEqual(changes);
    }
    // The same deflate stream as one call of raw deflate at level 6 on the whole body.
    const peeked = peekHeader(streamed);
    if (!peeked.ok) throw new Error(peeked.message);
    const head = streamed.subarray(0, peeked.headLength);
    const packed = await unseal(folder.key, head, streamed.subarray(peeked.headLength));
    expect(packed?.equals(deflateRawSync(whole, { level: 6 }))).toBe(true);
    expect(streamed.length).toBe(before.length);
  });

  it('a compaction’s snapshot gives another computer every change as it was', async () => {
    const changes = history();
    const a = folder.open(DEVICE_A);
    await a.write(changes.slice(0, 3));
    await a.compact(changes);
    const read = await folder.open(DEVICE_B).read(null);
    expect(read.problems).toEqual([]);
    expect(read.changes).toEqual(changes);
  });

  it('a compaction whose body fails half-way leaves the old files and no temporary file', async () => {
    const a = folder.open(DEVICE_A);
    await a.write(plays(DEVICE_A, 1, 3));
    await a.write(plays(DEVICE_A, 4, 5));
    const before = await folder.files();
    const failing = history();
    // JSON.stringify calls toJSON: the body fails once pieces have already been deflated.
    failing[4000] = {
      ...play(DEVICE_A, 4001),
      data: {
        toJSON: () => {
          throw new Error('cannot be written');
        },
      },
    };
    await expect(a.compact(failing)).rejects.toThrow('cannot be written');
    expect(await folder.files()).toEqual(before);

    const read = await folder.open(DEVICE_B).read(null);
    expect(read.changes).toEqual(plays(DEVICE_A, 1, 5));
    // The next compaction goes through and replaces the segments.
    const compacted = await a.compact(plays(DEVICE_A, 1, 5));
    expect(compacted.number).toBe(3);
    expect(compacted.removed).toHaveLength(2);
  });

  it('a compaction whose file write fails half-way leaves the old files and no temporary file', async () => {
    const fs: FolderFs = {
      ...nodeFolderFs,
      async writeNew(file, data) {
        // Half the bytes reach the disk, then the write fails.
        await writeFile(file, data.subarray(0, data.length >> 1));
        throw Object.assign(new Error('EIO: i/o error'), { code: 'EIO' });
      },
    };
    await folder.open(DEVICE_A).write(plays(DEVICE_A, 1, 3));
    const before = await folder.files();
    const a = folder.open(DEVICE_A, { fs, nextNumber: 2 });
    await expect(a.compact(history())).rejects.toMatchObject({ code: 'write-failed' });
    expect(await folder.files()).toEqual(before);
    expect((await folder.open(DEVICE_B).read(null)).changes).toEqual(plays(DEVICE_A, 1, 3));
  });
});
