import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startCatalogue, type Catalogue } from '../../catalogue';
import { memoryStore } from '../credentials';
import { startTestCore, type TestCore } from '../core/testing/core';

/*
 * My streaming services are a preference: chosen on one computer, the other shows them once the
 * sync folder carries the change, and says so with `services.changed`.
 */
const PASSPHRASE = 'correct horse battery staple';
const KDF = { N: 2 ** 10, r: 8, p: 1 };

let catalogue: Catalogue;
let shared: string;
let a: TestCore;
let b: TestCore;

const computer = (name: string): Promise<TestCore> =>
  startTestCore({
    useCatalogue: catalogue,
    core: {
      credentials: memoryStore(`${name}'s keychain`),
      devices: { kdf: KDF, watch: false, flushDelayMs: 0, hostName: name },
    },
  });

beforeAll(async () => {
  catalogue = await startCatalogue({ titles: 40, messy: false });
});
afterAll(async () => {
  await catalogue.close();
});
beforeEach(async () => {
  shared = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-sync-services-'));
  a = await computer('Laptop');
  b = await computer('Study');
});
afterEach(async () => {
  await a.close();
  await b.close();
  fs.rmSync(shared, { recursive: true, force: true });
});

describe('my services across computers', () => {
  it('chosen on one computer, shown on the other', async () => {
    await a.value('devices.setup', { folder: shared, passphrase: PASSPHRASE, name: 'Laptop' });
    await b.value('devices.setup', { folder: shared, passphrase: PASSPHRASE, name: 'Study' });
    expect((await b.value('services.get')).chosen).toBe(false);
    const mine = {
      region: 'DE',
      providers: [
        { id: 8, name: 'Netflix', logoPath: '/pbpMk2JmcoNnQwx5JGpXngfoWtl.png' },
        { id: 337, name: 'Disney Plus', logoPath: null },
      ],
      includeFree: true,
    };
    const heard: unknown[] = [];
    b.core.events.on('services.changed', (state) => heard.push(state));
    await a.value('services.set', mine);
    await a.value('devices.syncNow');
    await b.value('devices.syncNow');
    const there = await b.value('services.get');
    expect(there).toMatchObject({ chosen: true, services: mine });
    expect(heard.at(-1)).toMatchObject({ chosen: true, services: mine });
  });
});
