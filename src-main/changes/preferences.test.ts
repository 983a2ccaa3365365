import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { migrate } from '../db/migrate';
import { libraryMigrations } from '../db/migrations/library';
import { createChangePath } from './change-path';
import { createPreferences, type Preferences } from './preferences';
import { createChangeStore } from './store/changes';
import { createPreferenceStore } from './store/preferences';

const services = z.object({ region: z.string(), providers: z.array(z.number()) });

describe('preferences kept through the change path', () => {
  let db: Database.Database;
  let prefs: Preferences;
  const logged = (): Array<{ kind: string; entity: string; data: string }> =>
    db.prepare('SELECT kind, entity, data FROM changes ORDER BY seq').all() as Array<{
      kind: string;
      entity: string;
      data: string;
    }>;

  beforeEach(() => {
    db = new Database(':memory:');
    migrate(db, libraryMigrations);
    let ids = 0;
    const changes = createChangePath({
      store: createChangeStore(db),
      clock: () => 1_000,
      newId: () => `id-${String((ids += 1))}`,
    });
    prefs = createPreferences({ store: createPreferenceStore(db), changes, clock: () => 1_000 });
  });
  afterEach(() => db.close());

  it('gives the default before the first write, then the value written, with one change recorded', () => {
    const none = { region: 'US', providers: [] };
    expect(prefs.get('services', services, none)).toBe(none);
    expect(prefs.set('services', { region: 'GB', providers: [8, 9] })).toBe(true);
    expect(prefs.get('services', services, none)).toEqual({ region: 'GB', providers: [8, 9] });
    expect(logged()).toEqual([
      {
        kind: 'preference.set',
        entity: 'pref:services',
        data: JSON.stringify({ key: 'services', value: { region: 'GB', providers: [8, 9] } }),
      },
    ]);
  });

  it('records nothing when the value written is the one stored', () => {
    prefs.set('services', { region: 'GB', providers: [8] });
    expect(prefs.set('services', { region: 'GB', providers: [8] })).toBe(false);
    expect(logged()).toHaveLength(1);
  });

  it('lists the keys under a prefix, skipping values that no longer read', () => {
    prefs.set('picks.hidden:movie:603', true);
    prefs.set('picks.hidden:tv:1399', true);
    prefs.set('picks.hidden:tv:2', 'not a boolean');
    prefs.set('services', { region: 'GB', providers: [] });
    expect([...prefs.entries('picks.hidden:', z.boolean())]).toEqual([
      ['picks.hidden:movie:603', true],
      ['picks.hidden:tv:1399', true],
    ]);
  });

  it('falls back to the default when a stored value no longer fits its shape', () => {
    prefs.set('services', { region: 7 });
    expect(prefs.get('services', services, { region: 'US', providers: [] })).toEqual({
      region: 'US',
      providers: [],
    });
  });

  it('refuses a bad name or an oversized value with a clear error, writing nothing', () => {
    expect(() => prefs.set('Bad Name', 1)).toThrow(/Not a preference name/);
    expect(() => prefs.set('big', 'x'.repeat(70_000))).toThrow(/too large/);
    expect(() => prefs.set('nothing', undefined)).toThrow(/needs a value/);
    expect(logged()).toEqual([]);
    expect(db.prepare('SELECT count(*) AS n FROM preferences').get()).toEqual({ n: 0 });
  });
});
