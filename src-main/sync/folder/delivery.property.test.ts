import { mkdir, mkdtemp, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SharedChange } from '../types';
import { createFolderKey, type FolderKey } from './crypto';
import { createSyncFolder, type SyncFolder } from './folder';
import { cheapKdf, DEVICE_A, DEVICE_B, DEVICE_C, fixedClock, play } from './testing/fixtures';

/*
 * Whatever the writers do (segments, compactions, even from a library that lost changes, restarts) and however a sync service brings
 * their files (in any order, twice, half-copied first, deletions early or late), a reader that
 * ends up with every file has read exactly the changes written: none lost, none invented.
 */

type Action =
  | { do: 'write'; device: 'A' | 'B'; count: number }
  /** `forget`: the library restored from a backup lacks its newest changes. */
  | { do: 'compact'; device: 'A' | 'B'; forget: number }
  | { do: 'restart'; device: 'A' | 'B'; remembers: boolean }
  | { do: 'deliver' | 'partial' | 'again' | 'delete'; pick: number }
  | { do: 'read' };

const device = fc.constantFrom<'A' | 'B'>('A', 'B');
const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ do: fc.constant('write' as const), device, count: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ do: fc.constant('compact' as const), device, forget: fc.nat({ max: 3 }) }),
  fc.record({ do: fc.constant('restart' as const), device, remembers: fc.boolean() }),
  fc.record({
    do: fc.constantFrom(
      'deliver' as const,
      'partial' as const,
      'again' as const,
      'delete' as const,
    ),
    pick: fc.nat(),
  }),
  fc.record({ do: fc.constant('read' as const) }),
);

/** Files under `root/Marquee/devices`, relative to root, with their bytes. */
async function filesOf(root: string): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  const base = join(root, 'Marquee', 'devices');
  for (const dev of await readdir(base).catch(() => [])) {
    for (const name of await readdir(join(base, dev)).catch(() => [])) {
      if (name.startsWith('.')) continue;
      out.set(`Marquee/devices/${dev}/${name}`, await readFile(join(base, dev, name)));
    }
  }
  return out;
}

describe('delivery in any order', () => {
  let key: FolderKey;
  let base: string;
  let runs = 0;
  beforeAll(async () => {
    key = (await createFolderKey('property passphrase', cheapKdf)).key;
    base = await mkdtemp(join(tmpdir(), 'marquee-sync-prop-'));
  });
  afterAll(async () => {
    await rm(base, { recursive: true, force: true });
  });

  it('a reader with every file has read exactly the changes written', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { maxLength: 30 }), async (actions) => {
        runs += 1;
        const source = join(base, `run-${runs}`, 'source');
        const seen = join(base, `run-${runs}`, 'seen');
        await mkdir(join(source, 'Marquee', 'devices'), { recursive: true });
        await mkdir(join(seen, 'Marquee', 'devices'), { recursive: true });
        const ids = { A: DEVICE_A, B: DEVICE_B };
        const open = (d: 'A' | 'B', nextNumber?: number): SyncFolder =>
          createSyncFolder({
            root: source,
            device: ids[d],
            name: d,
            key,
            clock: fixedClock,
            nextNumber,
          });
        const writers = { A: open('A'), B: open('B') };
        const written = { A: [] as SharedChange[], B: [] as SharedChange[] };
        const reader = createSyncFolder({
          root: seen,
          device: DEVICE_C,
          name: 'C',
          key,
          clock: fixedClock,
        });
        let cursor: unknown = null;
        const read = new Map<string, SharedChange>();
        const readNow = async () => {
          const result = await reader.read(cursor);
          cursor = result.cursor;
          for (const change of result.changes) read.set(change.id, change);
          return result;
        };
        const put = async (file: string, bytes: Buffer) => {
          const target = join(seen, ...file.split('/'));
          await mkdir(dirname(target), { recursive: true });
          // A sync service writes to a temporary name, then renames.
          const temp = join(dirname(target), `.syncthing.${basename(target)}.tmp`);
          await writeFile(temp, bytes);
          await rename(temp, target);
        };
        const pending = async () => {
          const [from, to] = [await filesOf(source), await filesOf(seen)];
          return {
            from,
            to,
            missing: [...from].filter(([f, b]) => !to.get(f)?.equals(b)),
            same: [...from].filter(([f, b]) => to.get(f)?.equals(b)),
            gone: [...to.keys()].filter((f) => !from.has(f)),
          };
        };

        for (const step of actions) {
          if (step.do === 'write') {
            const start = written[step.device].length + 1;
            const changes = Array.from({ length: step.count }, (_, i) =>
              play(ids[step.device], start + i),
            );
            await writers[step.device].write(changes);
            written[step.device].push(...changes);
          } else if (step.do === 'compact') {
            const known = written[step.device];
            await writers[step.device].compact(
              known.slice(0, Math.max(0, known.length - step.forget)),
            );
          } else if (step.do === 'restart') {
            const remembered = writers[step.device].nextNumber();
            writers[step.device] = open(step.device, step.remembers ? remembered : undefined);
          } else if (step.do === 'read') {
            await readNow();
          } else {
            const state = await pending();
            const list = {
              deliver: state.missing,
              partial: state.missing,
              again: state.same,
              delete: [],
            }[step.do];
            if (step.do === 'delete') {
              const file = state.gone[step.pick % Math.max(1, state.gone.length)];
              if (file !== undefined) await rm(join(seen, ...file.split('/')));
              continue;
            }
            const chosen = list[step.pick % Math.max(1, list.length)];
            if (chosen === undefined) continue;
            const [file, bytes] = chosen;
            // Half a file under its final name: a copy in place, as a network share shows it.
            if (step.do === 'partial') {
              const target = join(seen, ...file.split('/'));
              await mkdir(dirname(target), { recursive: true });
              await writeFile(target, bytes.subarray(0, bytes.length >> 1));
            } else await put(file, bytes);
          }
        }

        // The sync service catches up: every file there, every deletion done.
        const last = await pending();
        for (const [file, bytes] of last.missing) await put(file, bytes);
        for (const file of last.gone) await rm(join(seen, ...file.split('/')));
        const final = await readNow();

        const all = [...written.A, ...written.B];
        expect(final.problems).toEqual([]);
        expect([...read.keys()].sort()).toEqual(all.map((c) => c.id).sort());
        for (const change of all) expect(read.get(change.id)).toEqual(change);
        expect(final.devices.every((d) => d.missing.length === 0)).toBe(true);
        // Read again: nothing new.
        expect((await reader.read(cursor)).changes).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });
});
