import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalogue, type Catalogue } from '../../catalogue';
import { startTestCore } from '../core/testing/core';

let catalogue: Catalogue;
beforeAll(async () => {
  catalogue = await startCatalogue({ titles: 200, messy: false });
});
afterAll(async () => {
  await catalogue.close();
});

describe('picks through the core', () => {
  it('picks from what was watched once its page is cached, and remembers "not interested"', async () => {
    let dismissed = 0;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-picks-core-'));
    const t = await startTestCore({ useCatalogue: catalogue, dataDir });
    try {
      const films = catalogue.data.movies.slice(0, 3);
      expect((await t.value('picks.list', {})).basis).toBe('popular');
      for (const film of films) {
        await t.value('tracking.mark', {
          target: { scope: 'movie', movieId: film.id },
          when: { kind: 'date', date: '2026-01-02' },
        });
        await t.value('movie.details', { id: film.id });
      }
      const list = await t.value('picks.list', { limit: 50 });
      expect(list.basis).toBe('history');
      expect(list.items.length).toBeGreaterThan(2);
      const ids = new Set(films.map((f) => f.id));
      for (const p of list.items) {
        expect(ids.has(p.id) && p.mediaType === 'movie').toBe(false);
        expect(films.map((f) => `Because you watched ${f.title}`)).toContain(p.reason);
      }
      const first = list.items[0];
      if (first === undefined) throw new Error('no pick');
      dismissed = first.id;
      await t.value('picks.dismiss', { mediaType: first.mediaType, id: first.id });
      const after = await t.value('picks.list', { limit: 50 });
      expect(after.items.some((p) => p.id === first.id)).toBe(false);
      const bad = await t.call('picks.dismiss', { mediaType: 'person', id: 0 } as never);
      expect(bad.ok ? null : bad.error.code).toBe('invalid_input');
    } finally {
      await t.close();
    }
    // The "not interested" is a preference in the library: it holds after a restart.
    const again = await startTestCore({ useCatalogue: catalogue, dataDir: t.dataDir });
    try {
      const list = await again.value('picks.list', { limit: 50 });
      expect(list.basis).toBe('history');
      expect(list.items.some((p) => p.id === dismissed)).toBe(false);
      await again.value('picks.undismiss', { mediaType: 'movie', id: dismissed });
      expect(
        (await again.value('picks.list', { limit: 50 })).items.some((p) => p.id === dismissed),
      ).toBe(true);
    } finally {
      await again.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
