import fs from 'node:fs';
import path from 'node:path';
import { settings as settingsSchema, type Settings } from '../../src-shared/ipc/contract';
import { CodedError } from '../../src-shared/ipc/errors';
import type { Logger } from '../base/log';
import { writeFileAtomic } from '../base/atomic-write';

export const DEFAULT_SETTINGS: Settings = {
  language: 'en-US',
  region: 'US',
  includeAdult: false,
  theme: 'system',
  imageCacheMb: 500,
  osNotifications: false,
  checkForUpdates: false,
  installUpdates: 'when-asked',
};

export interface SettingsStore {
  get(): Settings;
  /** Validates, merges, writes atomically, then returns the new settings. */
  set(change: Partial<Settings>): Promise<Settings>;
  /** Called after every successful change (the image cap follows `imageCacheMb`). */
  onChange(listener: (next: Settings, previous: Settings) => void): void;
}

/**
 * Settings live in `settings.json` in the data folder (the library database has no key/value
 * table). Never a secret: the file holds only the fields of the `settings` schema. A damaged file
 * is kept aside under a stamped name and the defaults are used, so nothing is silently lost.
 */
export function createSettingsStore(
  dataDir: string,
  options: { clock: () => number; log: Logger },
): SettingsStore {
  const file = path.join(dataDir, 'settings.json');
  let current = load(file, options);
  let writing: Promise<unknown> = Promise.resolve();
  const listeners: Array<(next: Settings, previous: Settings) => void> = [];

  return {
    get: () => current,
    set(change) {
      const merged = settingsSchema.safeParse({ ...current, ...change });
      if (!merged.success) {
        const issue = merged.error.issues[0];
        return Promise.reject(
          new CodedError(
            'invalid_input',
            `Setting ${issue?.path.join('.') ?? ''} not saved: ${issue?.message ?? 'invalid'}`,
          ),
        );
      }
      const next = merged.data;
      // Writes are serialized so two quick changes cannot land out of order.
      const job = writing.then(() => writeFileAtomic(file, `${JSON.stringify(next, null, 2)}\n`));
      writing = job.catch(() => undefined);
      return job.then(() => {
        const previous = current;
        current = next;
        for (const listener of listeners) listener(next, previous);
        return next;
      });
    },
    onChange: (listener) => void listeners.push(listener),
  };
}

function load(file: string, options: { clock: () => number; log: Logger }): Settings {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return DEFAULT_SETTINGS; // First start.
  }
  try {
    // Fields added in a later version fall back to their defaults; unknown fields are dropped.
    const parsed = settingsSchema.partial().safeParse(JSON.parse(text));
    if (parsed.success) {
      const merged = settingsSchema.safeParse({
        ...DEFAULT_SETTINGS,
        ...stripUndefined(parsed.data),
      });
      if (merged.success) return merged.data;
    }
  } catch {
    // Not JSON: handled below like any other damage.
  }
  const aside = `${file}.damaged-${new Date(options.clock()).toISOString().replace(/[:.]/g, '-')}`;
  try {
    fs.renameSync(file, aside);
  } catch {
    // Could not move it: it will be overwritten by the next change, which the log records.
  }
  options.log.warn('settings.damaged', { keptAs: path.basename(aside) });
  return DEFAULT_SETTINGS;
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
