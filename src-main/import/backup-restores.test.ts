import { afterEach, describe, expect, it } from 'vitest';
import { startTestCore, type TestCore } from '../core/testing/core';
import { parseBackup } from './backup';
import { restoreFrom, withoutStamp } from './testing/restore';

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
