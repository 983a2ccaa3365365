import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalogue, type Catalogue } from '../../catalogue';
import { memoryStore, type CredentialStore } from '../credentials';
import type { TestCore } from '../core/testing/core';
import {
  PASSPHRASE,
  libraryOf,
  startComputer,
  uidsOf,
  type LibraryRead,
} from './testing/computers';
import {
  createSyncthingCluster,
  syncthingMissing,
  until,
  waitForFile,
  waitUntilConnected,
  waitUntilInSync,
  type SyncthingCluster,
  type SyncthingInstance,
} from './testing/syncthing';

/*
 * Two computers, each a whole Marquee core with its own data folder and keychain, and each with
 * its own real Syncthing instance (loopback only, no discovery or relays) keeping its copy of the
 * sync folder in step with the other's. Nothing calls a sync by hand on the receiving side: the
 * folder watcher sees the file Syncthing delivers and merges it. CI installs Syncthing (.ci/run);
 * elsewhere this runs wherever `syncthing` is on the PATH.
 */
const missing = syncthingMissing();
if (missing) console.warn(`syncthing-devices.test: skipped, ${missing}`);

/** Generous: a busy machine, Syncthing's scan delay, and the watcher's poll as the last resort. */
const ARRIVAL_MS = 150_000;

interface Computer {
  name: string;
  dataDir: string;
  keychain: CredentialStore;
  syncthing: SyncthingInstance;
  core: TestCore | null;
}

describe.skipIf(missing !== null)('two computers syncing through real Syncthing', () => {
  let catalogue: Catalogue;
  let cluster: SyncthingCluster | undefined;
  const computers: Computer[] = [];
  let seriesId = 0;
  /** Plays every computer must end with. */
  const kept = new Set<string>();

  const core = (computer: Computer | undefined): TestCore => {
    if (!computer?.core) throw new Error('that computer is not running');
    return computer.core;
  };
  const a = (): TestCore => core(computers[0]);
  const b = (): TestCore => core(computers[1]);
  const boot = async (computer: Computer): Promise<TestCore> => {
    computer.core = await startComputer({
      catalogue,
      name: computer.name,
      dataDir: computer.dataDir,
      credentials: computer.keychain,
      devices: { watch: true },
    });
    return computer.core;
  };
  const shut = async (computer: Computer): Promise<void> => {
    await computer.core?.close();
    computer.core = null;
  };
  /** Waits, without asking for a sync, until the computer's library passes `check`. */
  const arrives = (t: TestCore, what: string, check: (library: LibraryRead) => boolean) =>
    until(
      what,
      async () => (check(await libraryOf(t)) ? true : undefined),
      ARRIVAL_MS,
      () => cluster?.instances.map((instance) => instance.logTail(15)).join('\n') ?? '',
    );
  const film = (index: number): number => catalogue.data.movies[index]?.id ?? 0;

  beforeAll(async () => {
    catalogue = await startCatalogue({ titles: 60, messy: false });
    seriesId = catalogue.data.tv[3]?.id ?? 0;
    cluster = await createSyncthingCluster({ count: 2 });
    for (const [index, name] of ['Laptop', 'Study'].entries()) {
      const computer: Computer = {
        name,
        dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-core-')),
        keychain: memoryStore(`${name}'s keychain`),
        syncthing: cluster.instance(index),
        core: null,
      };
      computers.push(computer);
      await boot(computer);
    }
    await waitUntilConnected(cluster.instances);
  }, 180_000);

  afterAll(async () => {
    for (const computer of computers) await shut(computer);
    await cluster?.cleanup();
    for (const computer of computers) fs.rmSync(computer.dataDir, { recursive: true, force: true });
    await catalogue.close();
  }, 120_000);

  it('sets each computer up on its own copy of the folder', async () => {
    const [laptop, study] = computers;
    if (!laptop || !study) throw new Error('no computers');
    const setUp = await a().value('devices.setup', {
      folder: laptop.syncthing.folder,
      passphrase: PASSPHRASE,
      name: 'Laptop',
    });
    expect(setUp?.state).toBe('idle');
    // The second computer joins once Syncthing has brought the folder's settings over.
    await waitForFile(study.syncthing, 'Marquee/folder.json', () => true, ARRIVAL_MS);
    const joined = await b().value('devices.setup', {
      folder: study.syncthing.folder,
      passphrase: PASSPHRASE,
      name: 'Study',
    });
    expect(joined?.state).toBe('idle');
  }, 180_000);

  it('shows on B an episode marked on A, by the folder watcher alone', async () => {
    const { added } = await a().value('tracking.mark', {
      target: { scope: 'episode', seriesId, season: 1, episode: 2 },
      when: { kind: 'date', date: '2026-11-01' },
    });
    const uid = added[0]?.uid ?? '';
    expect(uid).not.toBe('');
    await arrives(b(), 'the episode on B', (library) => uidsOf(library).includes(uid));
    const onB = (await libraryOf(b())).plays.find((play) => play.uid === uid);
    expect(onB).toEqual(added[0]);
  }, 180_000);

  it('removes from A a play undone on B', async () => {
    const [play] = (await libraryOf(b())).plays;
    expect(play).toBeDefined();
    await b().value('tracking.unmark', { target: { scope: 'play', uid: play?.uid ?? '' } });
    await arrives(a(), 'the play gone from A', (library) => library.plays.length === 0);
  }, 180_000);

  it('converges on a series followed on A and hidden on B', async () => {
    await a().value('tracking.setFollow', { seriesId, follow: 'follow' });
    await b().value('tracking.setHidden', { seriesId, hidden: true });
    const both = (library: LibraryRead): boolean =>
      library.series.some(
        (s) => s.seriesId === seriesId && s.follow === 'follow' && s.hidden === 1,
      );
    await arrives(a(), 'the series hidden on A', both);
    await arrives(b(), 'the series followed on B', both);
    expect(await libraryOf(a())).toEqual(await libraryOf(b()));
  }, 180_000);

  it('carries what one computer did while the other was switched off, and loses nothing', async () => {
    const [laptop, study] = computers;
    if (!laptop || !study || !cluster) throw new Error('no computers');
    const mark = async (t: TestCore, index: number): Promise<string> => {
      const { added } = await t.value('tracking.mark', {
        target: { scope: 'movie', movieId: film(index) },
        when: { kind: 'date', date: '2026-11-02' },
      });
      const uid = added[0]?.uid ?? '';
      kept.add(uid);
      return uid;
    };
    const before = await libraryOf(a());

    // Both computers switched off: Marquee and Syncthing.
    await shut(laptop);
    await shut(study);
    await cluster.stop();

    // The laptop comes back alone and marks a film while the study is still off.
    await laptop.syncthing.start();
    await boot(laptop);
    expect(await libraryOf(a())).toEqual(before);
    const whileStudyOff = await mark(a(), 0);
    await a().value('devices.syncNow');

    // The study comes back: the film arrives.
    await study.syncthing.start();
    await waitUntilConnected(cluster.instances);
    await boot(study);
    await arrives(b(), 'the film marked while B was off', (library) =>
      uidsOf(library).includes(whileStudyOff),
    );

    // Now Marquee on the laptop is closed (its Syncthing runs on) while the study marks a film.
    await shut(laptop);
    const whileLaptopClosed = await mark(b(), 1);
    await b().value('devices.syncNow');
    await waitUntilInSync(cluster.instances);
    await boot(laptop);
    await arrives(a(), 'the film marked while Marquee on A was closed', (library) =>
      uidsOf(library).includes(whileLaptopClosed),
    );

    // Nothing lost: both hold everything, and the same.
    await arrives(b(), 'B to hold everything', (library) =>
      [...kept].every((uid) => uidsOf(library).includes(uid)),
    );
    const [libA, libB] = [await libraryOf(a()), await libraryOf(b())];
    expect(libB).toEqual(libA);
    expect(uidsOf(libA)).toEqual([...kept].sort());
    expect(libA.series).toEqual([
      expect.objectContaining({ seriesId, follow: 'follow', hidden: 1 }),
    ]);
    for (const t of [a(), b()]) {
      const status = await t.value('devices.status');
      expect(status.problems).toEqual([]);
      expect(status.devices).toHaveLength(1);
    }
  }, 400_000);
});
