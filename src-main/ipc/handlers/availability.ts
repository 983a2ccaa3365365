import type { AvailabilityChannel } from '../../../src-shared/ipc/contract/availability';
import type { HandlersFor } from '../../../src-shared/ipc/handlers';
import type { AvailabilityService } from '../../services/availability';

export interface AvailabilityDeps {
  availability: Pick<AvailabilityService, 'availability'>;
}

/** Which of my services stream each title now, from the cache's availability index. */
export function availabilityHandlers(
  use: () => Promise<AvailabilityDeps>,
): HandlersFor<AvailabilityChannel> {
  return {
    'services.availability': async ({ items }) => (await use()).availability.availability(items),
  };
}
