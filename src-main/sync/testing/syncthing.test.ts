import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSyncthingCluster,
  listFolder,
  scan,
  syncthingMissing,
  waitForFile,
  waitForGone,
  waitUntilConnected,
  waitUntilInSync,
  type SyncthingCluster,
  type SyncthingInstance,
} from './syncthing';

/*
 * Two real Syncthing instances (Debian's `syncthing`, 1.19) on loopback carry files between two
 * copies of one folder, as they will carry Marquee's sync folder between two computers. CI
 * installs Syncthing (.ci/run); elsewhere this runs wherever `syncthing` is on the PATH.
 */
const missing = syncthingMissing();
if (missing) console.warn(`syncthing.test: skipped, ${missing}`);

const text = (content: string) => (file: Buffer) => file.toString('utf8') === content;
const sha = (data: Buffer): string => createHash('sha256').update(data).digest('hex');

describe.skipIf(missing !== null)('two real Syncthing instances sharing a folder', () => {
  let cluster: SyncthingCluster | undefined;
  let a: SyncthingInstance;
  let b: SyncthingInstance;

  beforeAll(async () => {
    cluster = await createSyncthingCluster({ count: 2 });
    [a, b] = [cluster.instance(0), cluster.instance(1)];
    await waitUntilConnected([a, b]);
  }, 120_000);

  afterAll(async () => {
    await cluster?.cleanup();
  }, 60_000);

  it('runs on loopback only, with no discovery, relays, NAT or usage reporting', async () => {
    const options = await a.rest<Record<string, unknown>>('GET', '/rest/config/options');
    expect(options).toMatchObject({
      globalAnnounceEnabled: false,
      localAnnounceEnabled: false,
      relaysEnabled: false,
      natEnabled: false,
      urAccepted: -1,
      startBrowser: false,
      autoUpgradeIntervalH: 0,
      crashReportingEnabled: false,
    });
    expect(options.listenAddresses).toEqual([expect.stringMatching(/^tcp:\/\/127\.0\.0\.1:\d+$/)]);
  });

  it('carries a file written on A to B', async () => {
    fs.mkdirSync(a.file('Marquee/devices/a'), { recursive: true });
    fs.writeFileSync(a.file('Marquee/devices/a/hello.txt'), 'written on A');
    await waitForFile(b, 'Marquee/devices/a/hello.txt', text('written on A'));
  }, 90_000);

  it('removes from A a file deleted on B', async () => {
    fs.writeFileSync(a.file('doomed.txt'), 'to be deleted on B');
    await waitForFile(b, 'doomed.txt', text('to be deleted on B'));
    fs.rmSync(b.file('doomed.txt'));
    await waitForGone(a, 'doomed.txt');
  }, 90_000);

  it('delivers after a restart what was written while the receiver was down', async () => {
    await Promise.all([a.stop(), b.stop()]);
    await a.start();
    fs.writeFileSync(a.file('while-b-was-down.txt'), 'written while B was stopped');
    await scan(a);
    expect(fs.existsSync(b.file('while-b-was-down.txt'))).toBe(false);
    await b.start();
    await waitUntilConnected([a, b]);
    await waitForFile(b, 'while-b-was-down.txt', text('written while B was stopped'));
    // Nothing carried before the restart was lost.
    expect(fs.readFileSync(b.file('Marquee/devices/a/hello.txt'), 'utf8')).toBe('written on A');
  }, 180_000);

  it('never shows a file under its final name before it is complete, even across a stop', async () => {
    // Slow A's sending down so B is seen mid-transfer (loopback counts as a LAN).
    await a.rest('PATCH', '/rest/config/options', { maxSendKbps: 128, limitBandwidthInLan: true });
    const data = randomBytes(1024 * 1024);
    const seen = new Set<string>();
    let early = false;
    const stop = new AbortController();
    const watch = (async () => {
      while (!stop.signal.aborted) {
        try {
          for (const name of listFolder(b)) seen.add(name);
          if (fs.existsSync(b.file('segment.bin'))) {
            if (sha(fs.readFileSync(b.file('segment.bin'))) !== sha(data)) early = true;
          }
        } catch {
          // A name went away between listing and reading: look again.
        }
        await new Promise((r) => setTimeout(r, 25));
      }
    })();
    try {
      // As Marquee writes: a temporary name, then a rename once the content is complete.
      fs.writeFileSync(a.file('segment.bin.partial'), data);
      fs.renameSync(a.file('segment.bin.partial'), a.file('segment.bin'));
      // B stopped half-way keeps the part it has under Syncthing's temporary name, and goes on.
      await waitForFile(b, '.syncthing.segment.bin.tmp');
      await b.stop();
      expect(fs.existsSync(b.file('.syncthing.segment.bin.tmp'))).toBe(true);
      expect(fs.existsSync(b.file('segment.bin'))).toBe(false);
      await b.start();
      await waitForFile(b, 'segment.bin', (got) => sha(got) === sha(data), 120_000);
    } finally {
      stop.abort();
      await watch;
      await a.rest('PATCH', '/rest/config/options', { maxSendKbps: 0, limitBandwidthInLan: false });
    }
    expect(early).toBe(false);
    const temporary = [...seen].filter(
      (name) => name.includes('segment.bin') && name !== 'segment.bin',
    );
    expect(temporary).toContain('.syncthing.segment.bin.tmp');
    await waitForGone(b, '.syncthing.segment.bin.tmp');
  }, 180_000);

  it('carries a file left under a temporary name, then its rename', async () => {
    fs.writeFileSync(a.file('slow.bin.partial'), 'written slowly');
    await waitForFile(b, 'slow.bin.partial', text('written slowly'));
    fs.renameSync(a.file('slow.bin.partial'), a.file('slow.bin'));
    await waitForFile(b, 'slow.bin', text('written slowly'));
    await waitForGone(b, 'slow.bin.partial');
  }, 90_000);

  it('keeps both sides of a change made on both while apart, one as a conflict copy', async () => {
    fs.writeFileSync(a.file('register.txt'), 'before');
    await waitForFile(b, 'register.txt', text('before'));
    await waitUntilInSync([a, b]);
    // Each changes the file while the other is switched off; B's change is the newer one.
    await b.stop();
    fs.writeFileSync(a.file('register.txt'), 'changed on A');
    fs.utimesSync(a.file('register.txt'), new Date(2030, 0, 1), new Date(2030, 0, 1));
    await scan(a);
    await a.stop();
    await b.start();
    fs.writeFileSync(b.file('register.txt'), 'changed on B');
    fs.utimesSync(b.file('register.txt'), new Date(2030, 0, 2), new Date(2030, 0, 2));
    await scan(b);
    await a.start();
    await waitUntilConnected([a, b]);
    await waitForFile(a, 'register.txt', text('changed on B'));
    await waitUntilInSync([a, b]);
    // The newer change keeps the name; the older one is kept, on both, as a conflict copy.
    const copies = (instance: SyncthingInstance): string[] =>
      listFolder(instance).filter((name) => name.startsWith('register.sync-conflict-'));
    expect(copies(a)).toEqual([
      expect.stringMatching(/^register\.sync-conflict-\d{8}-\d{6}-[A-Z2-7]{7}\.txt$/),
    ]);
    expect(copies(b)).toEqual(copies(a));
    expect(fs.readFileSync(b.file('register.txt'), 'utf8')).toBe('changed on B');
    const [copy = ''] = copies(a);
    for (const instance of [a, b]) {
      expect(fs.readFileSync(instance.file(copy), 'utf8')).toBe('changed on A');
    }
  }, 180_000);
});
