import { afterEach, describe, expect, it } from 'vitest';
import { startTestCore, type TestCore } from '../core/testing/core';
import { parseBackup } from './backup';
import { planFrom, restoreFrom, withoutStamp } from './testing/restore';

const cores: TestCore[] = [];
afterEach(async () => {
  // The profile restored into shares the first core's catalogue: close it first.
  for (const c of cores.splice(0).reverse()) await c.close();
});
async function core(options: Parameters<typeof startTestCore>[0] = {}): Promise<TestCore> {
  const c = await startTestCore(options);
  cores.push(c);
  return c;
}

describe('a backup Marquee writes restores', () => {
  it('with the demo account’s 10,000-character list description and a 300-character list name', async () => {
    const a = await core({ catalogue: { titles: 200, messy: true } });
    const films = a.catalogue.data.movies.slice(20, 22).map((m) => m.id);
    const long = a.catalogue.state.createList(
      a.catalogue.state.demoAccount.id,
      `A very long name ${'n'.repeat(283)}`,
      '',
      'en',
    );
    long.items.push(...films);
    await a.signIn();
    await a.value('sync.now');
    const lists = (await a.value('lists.all')).lists.map((l) => [l.name, l.description]);
    expect(lists.map(([, d]) => d?.length)).toContain(10_000);
    expect(lists.map(([n]) => n?.length)).toContain(300);

    const first = await a.value('backup.create');
    const b = await core({ useCatalogue: a.catalogue });
    const done = await restoreFrom(b, first.text);
    expect(done.error).toBeNull();
    expect(done.state).toBe('done');
    // Nothing was cut: the restored profile has the same lists, word for word.
    const restored = (await b.value('lists.all')).lists.map((l) => [l.name, l.description]);
    expect(restored.sort()).toEqual(lists.sort());
    expect(withoutStamp((await b.value('backup.create')).text)).toEqual(withoutStamp(first.text));
  }, 60_000);
});

describe('an older backup whose text is longer than Marquee keeps', () => {
  it('restores with that text cut as the library and the inbox cut it', () => {
    const doc = {
      format: 'marquee-backup',
      version: 1,
      createdAt: 1,
      app: { version: '1.0.0' },
      library: {
        watchlist: [],
        favorites: [],
        ratings: [],
        lists: [{ name: 'N'.repeat(1_500), description: 'd'.repeat(30_000), movieIds: [5] }],
      },
      history: [],
      series: [],
      inbox: [
        {
          key: 'episode:1:1:1',
          kind: 'episode',
          mediaId: 1,
          season: 1,
          episode: 1,
          releaseType: null,
          title: `Evil\u202e${'T'.repeat(3_019)}`,
          body: `S01E01 “x\n<b>y</b>${'b'.repeat(10_149)}” aired today.`,
          occurredAt: '2025-03-01',
          createdAt: 1,
          readAt: null,
        },
      ],
      settings: {},
    };
    const backup = parseBackup(doc);
    const [list] = backup.library.lists;
    expect(list?.name).toHaveLength(1_000);
    expect(list?.description).toHaveLength(25_000);
    expect(list?.description.endsWith('d…')).toBe(true);
    const [item] = backup.inbox;
    expect(item?.title).toHaveLength(200);
    expect(item?.title.startsWith('EvilTTT')).toBe(true);
    expect(item?.body).toHaveLength(500);
    expect(item?.body.startsWith('S01E01 “x <b>y</b>bbb')).toBe(true);
  });
});

describe('restoring merges lists by identity', () => {
  it('over the profile that wrote it, keeps two lists of one name apart and adds nothing', async () => {
    const c = await core();
    await c.signIn();
    const [f1, f2] = c.catalogue.data.movies.slice(30, 32).map((m) => m.id) as [number, number];
    const one = (await c.value('lists.create', { name: 'Picks', description: '' })).list;
    const two = (await c.value('lists.create', { name: 'Picks', description: '' })).list;
    await c.value('lists.addItem', { listId: one.id, movieId: f1 });
    await c.value('lists.addItem', { listId: two.id, movieId: f2 });
    const { text } = await c.value('backup.create');

    const plan = await planFrom(c, text);
    expect(plan.restore?.lists).toEqual({ create: 0, addItems: 0, alreadyPresent: 2 });
    expect((await restoreFrom(c, text)).state).toBe('done');
    const items = async (listId: string): Promise<number[]> =>
      (await c.value('lists.get', { listId })).items.map((i) => i.mediaId);
    expect((await c.value('lists.all')).lists).toHaveLength(2);
    expect(await items(one.id)).toEqual([f1]);
    expect(await items(two.id)).toEqual([f2]);
  }, 30_000);

  it('makes one list of a list the backup holds twice', async () => {
    const a = await core();
    await a.signIn();
    const [f1, f2] = a.catalogue.data.movies.slice(30, 32).map((m) => m.id) as [number, number];
    const { list } = await a.value('lists.create', { name: 'Picks', description: 'Mine' });
    await a.value('lists.addItem', { listId: list.id, movieId: f1 });
    const doc = JSON.parse((await a.value('backup.create')).text) as {
      library: { lists: { id: string; movieIds: number[] }[] };
    };
    const [entry] = doc.library.lists;
    if (!entry) throw new Error('the backup has no list');
    doc.library.lists.push({ ...entry, movieIds: [f1, f2] });

    const b = await core({ useCatalogue: a.catalogue });
    const plan = await planFrom(b, JSON.stringify(doc));
    expect(plan.restore?.lists).toEqual({ create: 1, addItems: 2, alreadyPresent: 0 });
    expect((await restoreFrom(b, JSON.stringify(doc))).state).toBe('done');
    const { lists } = await b.value('lists.all');
    expect(lists.map((l) => l.name)).toEqual(['Picks']);
    const restored = await b.value('lists.get', { listId: lists[0]?.id ?? '' });
    expect(restored.items.map((i) => i.mediaId).sort()).toEqual([f1, f2].sort());
  }, 30_000);
});

describe('restoring settings', () => {
  it('never switches update checks on by itself, and says so in the preview', async () => {
    const a = await core();
    await a.value('settings.set', { checkForUpdates: true, theme: 'dark' });
    const { text } = await a.value('backup.create');
    expect(parseBackup(JSON.parse(text)).settings.checkForUpdates).toBe(true);

    const b = await core({ useCatalogue: a.catalogue });
    const plan = await planFrom(b, text);
    expect(plan.restore?.settings.change).toEqual(['theme']);
    expect((await restoreFrom(b, text)).state).toBe('done');
    expect(await b.value('settings.get')).toMatchObject({ theme: 'dark', checkForUpdates: false });
  }, 30_000);
});
