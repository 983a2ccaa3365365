import type { SettingsChannel } from '../../../src-shared/ipc/contract';
import type { HandlersFor } from '../../../src-shared/ipc/handlers';
import { toStorageError } from '../../db/storage-errors';
import type { SettingsStore } from '../../settings/settings-store';

/** The settings file is read before the databases open, so these answer at once. */
export function settingsHandlers(settings: SettingsStore): HandlersFor<SettingsChannel> {
  return {
    'settings.get': () => settings.get(),
    // A full disk (ENOSPC) is said in plain words; the saved settings stay as they were.
    'settings.set': (change) =>
      settings.set(change).catch((error: unknown) => {
        throw toStorageError(error);
      }),
  };
}
