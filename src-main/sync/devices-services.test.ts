import { beforeEach, describe, expect, it } from 'vitest';
import { type TestCore } from '../core/testing/core';
import { useComputerLab } from './testing/lab';
import { PASSPHRASE } from './testing/computers';

/*
 * My streaming services are a preference: chosen on one computer, the other shows them once the
 * sync folder carries the change, and says so with `services.changed`.
 */

const lab = useComputerLab({ titles: 40 });
let shared: string;
let a: TestCore;
let b: TestCore;

beforeEach(async () => {
  shared = lab.tempDir('marquee-sync-services-');
  a = await lab.start({ name: 'Laptop' });
  b = await lab.start({ name: 'Study' });
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
