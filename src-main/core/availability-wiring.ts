import { createPreferenceStore } from '../changes/store/preferences';
import type { Databases } from '../db/databases';
import {
  createAvailability,
  readMyServices,
  type AvailabilityService,
} from '../services/availability';
import { createAvailabilityStore } from '../services/store/availability';
import type { SettingsStore } from '../settings/settings-store';

export type { AvailabilityService };

/**
 * Where titles stream for me: the cache's availability index read against my services (the
 * library's `services` preference; none without a library, in the region of the settings).
 */
export function buildAvailability(dbs: Databases, settings: SettingsStore): AvailabilityService {
  return createAvailability({
    store: createAvailabilityStore(dbs.cache),
    myServices: readMyServices(
      dbs.library ? createPreferenceStore(dbs.library) : null,
      () => settings.get().region,
    ),
  });
}
