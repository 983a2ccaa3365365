import type { z } from 'zod';
import { CodedError } from '../../src-shared/ipc/errors';
import type { ChangePath } from './change-path';
import type { PreferenceStore } from './store/preferences';
import type { ChangeInput } from './types';

/**
 * Marquee-only preferences that follow the person to every computer: the streaming services
 * they pay for, the titles they are not interested in. Each key is a register of the change path:
 * a `preference.set` change (entity `pref:<key>`) records every write, so sync carries it and the
 * newest write wins on every computer, and the `preferences` table holds the value it set.
 *
 * Settings that belong to one computer (theme, image cache size) stay in `settings.json`.
 */
export interface Preferences {
  /** The stored value when it still reads as `schema`, else `fallback` (a value from an older
   * version that no longer fits is not an error: the default holds until the next write). */
  get<T>(key: string, schema: z.ZodType<T>, fallback: T): T;
  /** Every key under `prefix` whose value reads as `schema`, by key. */
  entries<T>(prefix: string, schema: z.ZodType<T>): Map<string, T>;
  /** Writes and records the value; writes nothing and records nothing when it is unchanged.
   * Returns whether it changed. */
  set(key: string, value: unknown): boolean;
}

/** What a `preference.set` change carries. */
export interface PreferenceSet {
  key: string;
  value: unknown;
}

/** A key: lower-case words with dots, colons, dashes and digits, `services` or `picks.hidden:movie:603`. */
export const PREFERENCE_KEY = /^[a-z][a-zA-Z0-9._:-]{0,199}$/;
/** A value's JSON text is at most this long: preferences are small. */
export const PREFERENCE_MAX_CHARS = 64_000;

export const preferenceSet = (data: PreferenceSet): ChangeInput => ({
  domain: 'preferences',
  kind: 'preference.set',
  entity: `pref:${data.key}`,
  data,
});

const invalid = (message: string): CodedError => new CodedError('invalid_input', message);

export function createPreferences(deps: {
  store: PreferenceStore;
  changes: ChangePath;
  clock: () => number;
}): Preferences {
  const { store, changes, clock } = deps;
  const read = <T>(text: string, schema: z.ZodType<T>): { ok: true; value: T } | { ok: false } => {
    try {
      const parsed = schema.safeParse(JSON.parse(text));
      return parsed.success ? { ok: true, value: parsed.data } : { ok: false };
    } catch {
      return { ok: false };
    }
  };
  return {
    get(key, schema, fallback) {
      const text = store.get(key);
      if (text === null) return fallback;
      const parsed = read(text, schema);
      return parsed.ok ? parsed.value : fallback;
    },
    entries(prefix, schema) {
      const found = new Map<string, z.infer<typeof schema>>();
      for (const row of store.entries(prefix)) {
        const parsed = read(row.value, schema);
        if (parsed.ok) found.set(row.key, parsed.value);
      }
      return found;
    },
    set(key, value) {
      if (!PREFERENCE_KEY.test(key)) throw invalid(`Not a preference name: ${key.slice(0, 60)}`);
      const text = JSON.stringify(value) as string | undefined;
      if (text === undefined) throw invalid('A preference needs a value.');
      if (text.length > PREFERENCE_MAX_CHARS)
        throw invalid('This preference is too large to keep.');
      return changes.write(() => {
        if (store.get(key) === text) return false;
        store.put(key, text, clock());
        changes.record(preferenceSet({ key, value: JSON.parse(text) as unknown }));
        return true;
      });
    },
  };
}
