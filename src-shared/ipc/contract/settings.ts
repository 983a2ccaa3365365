import { z } from 'zod';
import type { Domain } from './domain';
import { noInput } from './models';

export const settings = z.object({
  /** Content language, e.g. `en-US`. */
  language: z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'expected a language like en-US'),
  /** Content and watch-provider region, ISO 3166-1. */
  region: z.string().regex(/^[A-Z]{2}$/, 'expected a country code like US'),
  includeAdult: z.boolean(),
  theme: z.enum(['system', 'light', 'dark']),
  /** Image cache size cap in megabytes. */
  imageCacheMb: z.number().int().min(50).max(20_000),
  /** Show new inbox items (episodes aired, films released) as system notifications. Off by default. */
  osNotifications: z.boolean(),
  /** Look for a new release of the desktop app and offer it (installed builds only). Off by default. */
  checkForUpdates: z.boolean(),
  /** When a downloaded update is installed: when the user says so (Settings), or when Marquee quits. */
  installUpdates: z.enum(['when-asked', 'on-quit']),
});
export type Settings = z.infer<typeof settings>;

export const settingsChannels = {
  'settings.get': { input: noInput, output: settings },
  'settings.set': { input: settings.partial().strict(), output: settings },
} as const;

export type SettingsChannel = keyof typeof settingsChannels;

export const settingsDomain = { channels: settingsChannels, events: {} } satisfies Domain;
