import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { garblePages } from '../db/testing/db-files';
import { CACHE_FILE, LIBRARY_FILE } from '../db/databases';
import { startTestCore, type TestCore } from './testing/core';

describe('core start-up and shutdown', () => {
  let t: TestCore | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('starts without touching the network, keeps settings and the library across a restart, and closes once', async () => {
    t = await startTestCore();
    expect(t.catalogue.requests.total).toBe(0);
    await t.value('settings.set', { language: 'fr-FR', imageCacheMb: 80 });
    await t.value('lists.create', { name: 'Kept' });
    await t.restart();
    expect(await t.value('settings.get')).toMatchObject({
      language: 'fr-FR',
      imageCacheMb: 80,
      region: 'US',
    });
    expect((await t.value('lists.all')).lists.map((l) => l.name)).toEqual(['Kept']);
    expect(await t.value('cache.status')).toMatchObject({ imageLimitBytes: 80 * 1024 * 1024 });
    const closing = [t.core.close(), t.core.close()];
    await Promise.all(closing);
    expect(await t.call('lists.all')).toMatchObject({ ok: false });
  });

  it('refuses settings that are out of range and keeps the saved ones', async () => {
    t = await startTestCore();
    const refused = await t.call('settings.set', { imageCacheMb: 5 });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect((await t.value('settings.get')).imageCacheMb).toBe(500);
    expect(fs.readdirSync(t.dataDir).filter((f) => f.startsWith('settings.json'))).toEqual([]);
  });

  it('a damaged settings file is kept aside and the defaults are used', async () => {
    t = await startTestCore();
    fs.writeFileSync(path.join(t.dataDir, 'settings.json'), '{"language": 42');
    await t.restart();
    expect((await t.value('settings.get')).language).toBe('en-US');
    expect(fs.readdirSync(t.dataDir).some((f) => f.startsWith('settings.json.damaged-'))).toBe(
      true,
    );
  });

  it('settings saved before the install choice existed keep the opt-in and install only when asked', async () => {
    t = await startTestCore();
    const saved = { ...(await t.value('settings.get')), checkForUpdates: true } as Record<
      string,
      unknown
    >;
    delete saved.installUpdates;
    fs.writeFileSync(path.join(t.dataDir, 'settings.json'), JSON.stringify(saved));
    await t.restart();
    expect(await t.value('settings.get')).toMatchObject({
      checkForUpdates: true,
      installUpdates: 'when-asked',
    });
    expect(fs.readdirSync(t.dataDir).some((f) => f.startsWith('settings.json.damaged-'))).toBe(
      false,
    );
  });

  it('rebuilds a corrupt cache and starts', async () => {
    t = await startTestCore();
    await t.value('browse.topRatedTv', { page: 1 });
    await t.core.close();
    garblePages(path.join(t.dataDir, CACHE_FILE), 1, 2);
    await t.restart();
    expect(await t.value('cache.status')).toMatchObject({ responses: 0 });
    expect((await t.value('browse.topRatedTv', { page: 1 })).meta.source).toBe('network');
    expect(fs.readdirSync(t.dataDir).some((f) => f.startsWith(`${CACHE_FILE}.corrupt-`))).toBe(
      true,
    );
  });

  it('with an unreadable library, still starts: browsing works, library channels say why, the file is left alone', async () => {
    t = await startTestCore();
    await t.value('lists.create', { name: 'Precious' });
    await t.core.close();
    const file = path.join(t.dataDir, LIBRARY_FILE);
    fs.writeFileSync(file, 'this is not a database at all, but it is the user’s file'.repeat(200));
    const before = fs.readFileSync(file);
    await t.restart();
    expect((await t.value('browse.topRatedTv', { page: 1 })).meta.source).toBe('network');
    const refused = await t.call('lists.all');
    expect(refused.ok).toBe(false);
    expect(refused.ok ? '' : refused.error.message).toMatch(/library could not be opened/);
    expect(
      (await t.call('library.setWatchlist', { mediaType: 'movie', mediaId: 5, on: true })).ok,
    ).toBe(false);
    expect((await t.call('sync.outbox')).ok).toBe(false);
    expect(fs.readFileSync(file).equals(before)).toBe(true);
  });
});
