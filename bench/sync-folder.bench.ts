import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, deflateRaw } from 'node:zlib';
import type { SharedChange } from '../src-main/sync/types';
import { createFolderKey, productionKdf } from '../src-main/sync/folder/crypto';
import { createSyncFolder } from '../src-main/sync/folder/folder';
import { changesBody } from '../src-main/sync/folder/format';
import { joinFolder } from '../src-main/sync/folder/setup';
import { measureStall } from './stall';
import { median, time, type BenchResult } from './stats';

/**
 * The sync folder alone: how long compacting and reading 100,000 plays take, a flush's cost, and
 * the passphrase's cost (scrypt, goal 0.3–1 s). Compression is compared with brotli on the same
 * body, in the same run. The folder's size after compaction is measured by the sync suite.
 */

const PLAYS = 100_000;
const A = randomUUID();
const B = randomUUID();

/** Plays as the tracking domain records them: random uids and ids, a few hundred series. */
function history(): SharedChange[] {
  let ms = Date.UTC(2020, 0, 1);
  return Array.from({ length: PLAYS }, (_, i) => {
    ms += 1 + ((i * 7919) % 200_000);
    const mediaId = 1000 + ((i * 31) % 400);
    return {
      id: randomUUID(),
      hlc: `${String(ms).padStart(13, '0')}-000000`,
      device: A,
      domain: 'tracking',
      kind: 'plays.add',
      entity: `series:${mediaId}`,
      data: {
        plays: [
          {
            uid: randomUUID(),
            mediaType: 'episode',
            mediaId,
            season: 1 + (i % 8),
            episode: 1 + (i % 24),
            watchedAt: ms - 3_600_000,
            source: 'mark',
            createdAt: ms,
          },
        ],
      },
    };
  });
}

export async function runSyncFolderBenchmarks(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const kdf = await time(() => createFolderKey('a passphrase of some length', productionKdf), 3, 1);
  results.push({
    name: 'sync folder: key from passphrase (scrypt N=2^17, r=8)',
    unit: 'ms',
    value: median(kdf),
    budget: 1000,
  });

  const root = await mkdtemp(join(tmpdir(), 'marquee-bench-sync-'));
  try {
    const { key } = await joinFolder(root, 'bench', { kdf: { N: 1024, r: 8, p: 1 } });
    const plays = history();
    const clock = (): number => Date.UTC(2026, 0, 1);
    const a = createSyncFolder({ root, device: A, name: 'A', key, clock });

    // Flushes as they happen: a segment of ten changes.
    const flush = await time(() => a.write(plays.slice(0, 10)), 30, 5);
    results.push({
      name: 'sync folder: write a segment of 10 changes',
      unit: 'ms',
      value: median(flush),
      budget: 50,
    });

    // The folder's size after compaction is the sync suite's (same files, written by the same code).
    const compact = await measureStall(() => a.compact(plays));
    results.push(
      {
        name: 'sync folder: compact 100,000 plays',
        unit: 'ms',
        value: compact.totalMs,
        budget: null,
      },
      {
        name: 'sync folder: compact 100,000 plays, longest stall',
        unit: 'ms',
        value: compact.longestMs,
        budget: 50,
      },
    );

    const b = createSyncFolder({ root, device: B, name: 'B', key, clock });
    const read = await measureStall(() => b.read(null));
    if (read.result.changes.length < PLAYS) throw new Error('not every play was read');
    results.push(
      { name: 'sync folder: read 100,000 plays', unit: 'ms', value: read.totalMs, budget: null },
      {
        name: 'sync folder: read 100,000 plays, longest stall',
        unit: 'ms',
        value: read.longestMs,
        budget: 50,
      },
    );

    // The compression chosen (raw deflate, level 6) against brotli (quality 5) on the same body.
    const body = await changesBody(plays);
    const start = performance.now();
    const deflated = await promisify(deflateRaw)(body, { level: 6 });
    const deflateMs = performance.now() - start;
    const brotliStart = performance.now();
    const brotli = await promisify(brotliCompress)(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    const brotliMs = performance.now() - brotliStart;
    results.push(
      {
        name: 'sync folder: deflate 100,000 plays, size',
        unit: 'MB',
        value: deflated.length / 1e6,
        budget: 20,
        ratio: deflated.length / brotli.length,
        peer: `brotli q5 ${(brotli.length / 1e6).toFixed(2)} MB`,
      },
      {
        name: 'sync folder: deflate 100,000 plays, time',
        unit: 'ms',
        value: deflateMs,
        budget: null,
        ratio: deflateMs / brotliMs,
        peer: `brotli q5 ${brotliMs.toFixed(0)} ms`,
      },
    );
  } finally {
    await rm(root, { recursive: true, force: true });
  }
  return results;
}
